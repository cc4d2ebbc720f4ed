import { describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { json } from '../../db/index.ts';
import { PATIENT_A, PATIENT_B, useCareTestApp } from '../patients/care-test-app.ts';
import { responseHoursOf } from './safety-net.ts';
import { setRisk } from '../patients/risk.ts';

const t = useCareTestApp();
const op = operate(t);

const net = (user: string) => op(user, 'getPatientSafetyNet');
const share = (user: string, shared: boolean) => op(user, 'updateSafetyPlanSharing', { payload: { shared } });
const readPlan = (user: string, patientId = PATIENT_A) =>
  op(user, 'getPatientSafetyPlan', { params: { patientId } });

async function writePlan(patientId: string, sections: Record<string, string[]>) {
  await t.db
    .insertInto('cloud_documents')
    .values({
      owner_id: patientId,
      name: 'safety-plan',
      data_structure_version: 1,
      content: json({ sections }),
      timestamp: Date.now(),
      updated_at: new Date('2026-05-01T10:00:00Z'),
    })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'name', 'data_structure_version']).doUpdateSet({ content: json({ sections }) }),
    )
    .execute();
}

describe('the patient’s safety net', () => {
  it('names the care team, lead first, with the organisation and its stated response time', async () => {
    const org = await t.db
      .selectFrom('patients')
      .innerJoin('organisations', 'organisations.id', 'patients.organisation_id')
      .select(['organisations.id', 'organisations.name', 'organisations.app_settings'])
      .where('patients.id', '=', PATIENT_A)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('organisations')
      .set({ app_settings: json({ ...(org.app_settings as object), responseHours: 24 }) })
      .where('id', '=', org.id)
      .execute();
    const { res, body } = await net('patient');
    expect(res.statusCode).toBe(200);
    expect(body.therapists.map((x: { therapistId: string }) => x.therapistId)).toEqual([
      'therapist-1',
      'therapist-2',
    ]);
    expect(body.therapists[0].name).toBe('Alex Morgan');
    expect(body).toMatchObject({ organisationName: org.name, responseHours: 24, safetyPlanShared: true });
    expect(body.safetyPlanSharingChangedAt).toBeNull();
  });

  it('has no therapists while the patient has no care team (the duty team stands in)', async () => {
    await t.db.deleteFrom('care_team').where('patient_id', '=', PATIENT_B).execute();
    const { res, body } = await net('patient2');
    expect(res.statusCode).toBe(200);
    expect(body.therapists).toEqual([]);
    expect(typeof body.organisationName).toBe('string');
    expect(body.organisationName.length).toBeGreaterThan(0);
  });

  it('is the patient’s own: therapists and the unauthenticated are refused', async () => {
    expect((await net('therapist')).res.statusCode).toBe(403);
    expect((await op(null, 'getPatientSafetyNet')).res.statusCode).toBe(401);
  });

  it('reads the stated response time only when it is a whole number of hours in range', () => {
    expect(responseHoursOf({ responseHours: 4 })).toBe(4);
    expect(responseHoursOf({})).toBeNull();
    expect(responseHoursOf({ responseHours: 0 })).toBeNull();
    expect(responseHoursOf({ responseHours: 2.5 })).toBeNull();
    expect(responseHoursOf({ responseHours: '4' })).toBeNull();
  });
});

describe('the safety plan, shared with the care team', () => {
  it('is read by the care team while shared, and refused once the patient stops sharing', async () => {
    await writePlan(PATIENT_A, {
      coping: ['  A walk by the river  ', ''],
      reasons: ['My sister'],
      bogus: [3] as never,
    });
    const shown = await readPlan('therapist');
    expect(shown.res.statusCode).toBe(200);
    expect(shown.body).toEqual({
      sections: { coping: ['A walk by the river'], reasons: ['My sister'] },
      updatedAt: '2026-05-01T10:00:00.000Z',
    });
    expect((await readPlan('therapist2')).res.statusCode).toBe(200);

    const stopped = await share('patient', false);
    expect(stopped.res.statusCode).toBe(200);
    expect(stopped.body.safetyPlanShared).toBe(false);
    expect(typeof stopped.body.safetyPlanSharingChangedAt).toBe('string');
    const refused = await readPlan('therapist');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect(JSON.stringify(refused.body)).not.toContain('river');
    expect((await net('patient')).body.safetyPlanShared).toBe(false);

    expect((await share('patient', true)).body.safetyPlanShared).toBe(true);
    expect((await readPlan('therapist')).res.statusCode).toBe(200);
  });

  it('is never shown outside the care team, nor to the patient through this call', async () => {
    expect((await readPlan('therapist3')).res.statusCode).toBe(403);
    expect((await readPlan('patient')).res.statusCode).toBe(403);
  });

  it('answers 404 when the patient has not written one', async () => {
    await t.db.deleteFrom('cloud_documents').where('owner_id', '=', PATIENT_B).execute();
    await t.db
      .insertInto('care_team')
      .values({ patient_id: PATIENT_B, therapist_id: 'therapist-1', role: 'lead', created_at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect((await readPlan('therapist', PATIENT_B)).res.statusCode).toBe(404);
  });

  it('refuses a sharing choice that is not a yes or no', async () => {
    const bad = await op('patient', 'updateSafetyPlanSharing', { payload: { shared: 'maybe' } });
    expect(bad.res.statusCode).toBe(400);
  });
});

describe('the therapist’s views carry the risk', () => {
  it('the chat-request queue marks a high-risk patient with the reason; others are not marked', async () => {
    await setRisk(t.db, PATIENT_A, {
      highRisk: true,
      reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
      source: 'test',
      actorId: null,
    });
    const asked = await op('patient', 'requestChat', { payload: { message: 'Could we talk?' } });
    expect(asked.res.statusCode).toBeLessThan(300);
    const asked2 = await op('patient2', 'requestChat', { payload: { message: 'Hello' } });
    expect(asked2.res.statusCode).toBeLessThan(300);
    const { res, body } = await op('therapist', 'listChatRequests');
    expect(res.statusCode).toBe(200);
    const a = body.items.find((r: { patientId: string }) => r.patientId === PATIENT_A);
    const b = body.items.find((r: { patientId: string }) => r.patientId === PATIENT_B);
    expect(a).toMatchObject({
      highRisk: true,
      riskReason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
    });
    expect(b).toMatchObject({ highRisk: false, riskReason: null });
    // The patient's own view of the request never carries it.
    expect(JSON.stringify(asked.body)).not.toContain('highRisk');
  });

  it('the measures carry each PHQ-9 answer, in order', async () => {
    const start = Date.now() - 60_000;
    await t.db
      .insertInto('moments')
      .values({
        id: 'phq9-items-test',
        patient_id: PATIENT_A,
        event_type: 'phq9',
        body: json({ items: [2, 1, 1, 0, 0, 1, 0, 0, 1], total: 6, severity: 'mild' }),
        start_at: new Date(start),
        end_at: new Date(start + 1000),
        created_by: PATIENT_A,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const { res, body } = await op('therapist', 'getPatientGraph', { params: { patientId: PATIENT_A } });
    expect(res.statusCode).toBe(200);
    expect(body.series.phq9.at(-1)).toMatchObject({ value: 6, item9: 1, items: [2, 1, 1, 0, 0, 1, 0, 0, 1] });
  });
});
