// The care reads over the demo data as seeded (90 days of moments, care teams, risk flags): every answer
// conforms to the contract, so the apps work on a fresh `npm start`.
import { describe, expect, it } from 'vitest';
import { callContract, createSeededTestApp } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/file-app.ts';

const t = useTestApp(createSeededTestApp);

const get = (operationId: string, url: string, user: string) =>
  callContract(t.app, operationId, { method: 'GET', url, headers: { 'x-test-user': user } });

describe('care reads over the demo data', () => {
  it('the patient’s own moment reads conform to the contract', async () => {
    for (const [op, path] of [
      ['getLatestCheckup', 'latest-checkup'],
      ['getLatestScreening', 'latest-gad-or-phq'],
      ['getLatestCbt', 'latest-cbt'],
      ['getLatestHotThoughtEntry', 'latest-hot-thought-exercise-entry'],
      ['getLatestPositiveReading', 'latest-positive?mergeReadings=true'],
      ['getLatestQuizResults', 'latest-quiz-results'],
      ['getLatestRiskFactor', 'latest-risk-factor'],
      ['getLatestResilience', 'latest-resilience'],
      ['listLatestRelaxationLevels', 'latest-relaxation-levels?count=100'],
      ['listLatestAutomaticThoughtsEntries', 'latest-automatic-thoughts-entries?limit=50'],
      ['listProgressMoments', 'progress-moments?limit=100'],
      ['listHotThoughtMoments', 'hot-thought-moments?limit=100'],
    ] as const) {
      const { res } = await get(op, `/moments/${path}`, 'patient');
      expect(res.statusCode, op).toBe(200);
    }
    const screening = await get('getLatestScreening', '/moments/latest-gad-or-phq', 'patient');
    expect(screening.body.phq9).not.toBeNull();
  });

  it('every page of a patient’s moments conforms, for the patient and the lead therapist', async () => {
    for (const user of ['patient', 'therapist']) {
      let cursor: string | null = null;
      let pages = 0;
      let count = 0;
      do {
        const query: string = cursor ? `?limit=100&paginationCursor=${cursor}` : '?limit=100';
        const { res, body } = await get('listPatientMoments', `/patients/patient-01/moments${query}`, user);
        expect(res.statusCode).toBe(200);
        count += body.items.length;
        cursor = body.paginationCursor;
        pages++;
      } while (cursor && pages < 50);
      const total = await t.db
        .selectFrom('moments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('patient_id', '=', 'patient-01')
        .executeTakeFirstOrThrow();
      expect(count).toBe(Number(total.n));
    }
  });

  it('the caseload, patient details and graphs conform, with the seeded high-risk patients first', async () => {
    const caseload = await get('listAssignedPatients', '/therapist/assigned-patients?limit=100', 'therapist');
    expect(caseload.body.items.length).toBeGreaterThan(0);
    const flags = caseload.body.items.map((p: { risk: { highRisk: boolean } }) => p.risk.highRisk);
    expect([...flags].sort((a, b) => Number(b) - Number(a))).toEqual(flags);
    for (const p of caseload.body.items as Array<{ patientId: string }>) {
      expect((await get('getPatient', `/patients/${p.patientId}`, 'therapist')).res.statusCode).toBe(200);
      const graph = await get('getPatientGraph', `/patients/${p.patientId}/graph`, 'therapist');
      expect(graph.body.series.phq9.length).toBeGreaterThan(0);
    }
    const mine = await get(
      'getMyGraph',
      `/patient/data/graph?startFrom=0&endAt=${Date.now() + 86_400_000}`,
      'patient',
    );
    expect(mine.body.series.mood.every((p: { value: number }) => p.value >= 1 && p.value <= 5)).toBe(true);
  });
});
