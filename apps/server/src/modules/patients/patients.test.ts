import { describe, expect, it } from 'vitest';
import { PATIENT_A, PATIENT_B, addCheckup, careTeamRow, careTestApp, DAY } from './care-test-app.ts';
import { statusAtUrl } from '../../../test/helpers.ts';

const { t, op } = careTestApp();

describe('a patient’s details', () => {
  it('are seen by the patient and each therapist of their care team', async () => {
    for (const user of ['patient', 'therapist', 'therapist2']) {
      const { res, body } = await op(user, 'getPatient', { params: { patientId: PATIENT_A } });
      expect(res.statusCode).toBe(200);
      expect(body).toMatchObject({
        patientId: PATIENT_A,
        firstName: 'Sam',
        lastName: 'Taylor',
        email: 'patient@example.com',
        organisationId: 'org-tend-health',
      });
      expect(body.risk).toEqual({
        highRisk: false,
        reason: null,
        flaggedAt: null,
        latestPhq9Total: null,
        latestGad7Total: null,
        latestPhq9Item9: null,
        latestPhq9At: null,
        latestGad7At: null,
        previousPhq9Total: null,
        previousGad7Total: null,
      });
      expect(body.therapists.map((x: { therapistId: string }) => x.therapistId)).toEqual([
        'therapist-1',
        'therapist-2',
      ]);
    }
  });

  it('carry the screen name and language of the account', async () => {
    await t.db
      .insertInto('users')
      .values({
        id: PATIENT_A,
        email: 'patient@example.com',
        first_name: 'Sam',
        last_name: 'Taylor',
        screen_name: 'Sammy',
        language: 'en-GB',
        updated_at: Date.now(),
      })
      .execute();
    const { body } = await op('therapist', 'getPatient', { params: { patientId: PATIENT_A } });
    expect(body).toMatchObject({ screenName: 'Sammy', language: 'en-GB' });
    const caseload = await op('therapist', 'listAssignedPatients', { query: { limit: '100' } });
    expect(caseload.body.items.find((p: { patientId: string }) => p.patientId === PATIENT_A).screenName).toBe(
      'Sammy',
    );
  });

  it('carry the risk flag and the latest screening', async () => {
    const phq = {
      momentId: 'pd-phq',
      eventType: 'phq9',
      start: Date.now() - 1000,
      end: Date.now(),
      body: { items: [1, 1, 1, 1, 1, 1, 1, 1, 2], total: 10, severity: 'moderate' },
    };
    await op('patient', 'addMoment', { query: { eventType: 'phq9' }, payload: phq });
    const { body } = await op('therapist', 'getPatient', { params: { patientId: PATIENT_A } });
    expect(body.risk).toMatchObject({
      highRisk: true,
      latestPhq9Total: 10,
      latestPhq9Item9: 2,
      latestGad7Total: null,
    });
    expect(body.risk.reason).toContain('item 9');
    expect(body.lastActivityAt).not.toBeNull();
  });

  it('are refused to anyone else (403) and to anonymous callers (401)', async () => {
    for (const user of ['patient2', 'therapist3', 'admin', 'otherAdmin', 'dataExport']) {
      expect((await op(user, 'getPatient', { params: { patientId: PATIENT_A } })).res.statusCode).toBe(403);
    }
    expect((await op('therapist2', 'getPatient', { params: { patientId: PATIENT_B } })).res.statusCode).toBe(
      403,
    );
    expect((await op('therapist', 'getPatient', { params: { patientId: 'nobody' } })).res.statusCode).toBe(
      403,
    );
    expect(await statusAtUrl(t, 'therapist', 'getPatient', '/patients/bad%20id')).toBe(400);
    expect((await op(null, 'getPatient', { params: { patientId: PATIENT_A } })).res.statusCode).toBe(401);
  });
});

describe('a patient’s graph', () => {
  it('defaults to the last 90 days and takes a window', async () => {
    await addCheckup(op, 'patient2', 'pg-1', Date.now() - DAY, 4);
    await addCheckup(op, 'patient2', 'pg-old', Date.now() - 100 * DAY, 1);
    const recent = await op('therapist', 'getPatientGraph', { params: { patientId: PATIENT_B } });
    expect(recent.body.series.mood.map((p: { value: number }) => p.value)).toEqual([4]);
    expect(recent.body.endAt - recent.body.startFrom).toBe(90 * DAY);
    const all = await op('patient2', 'getPatientGraph', {
      params: { patientId: PATIENT_B },
      query: { startFrom: '0' },
    });
    expect(all.body.series.mood.map((p: { value: number }) => p.value)).toEqual([1, 4]);
  });

  it('is refused to others and refuses an empty window', async () => {
    expect(
      (await op('therapist2', 'getPatientGraph', { params: { patientId: PATIENT_B } })).res.statusCode,
    ).toBe(403);
    expect(
      (await op('patient', 'getPatientGraph', { params: { patientId: PATIENT_B } })).res.statusCode,
    ).toBe(403);
    expect(
      (
        await op('therapist', 'getPatientGraph', {
          params: { patientId: PATIENT_B },
          query: { startFrom: '10', endAt: '5' },
        })
      ).res.statusCode,
    ).toBe(400);
  });
});

describe('eligible therapists and sharing data', () => {
  const eligible = (patientId: string, user: string, purpose: string) =>
    op(user, 'listEligibleTherapists', { params: { patientId }, query: { purpose } });
  const share = (patientId: string, therapistId: string, user: string | null) =>
    op(user, 'shareDataWithTherapist', { params: { patientId, therapistId } });

  it('lists therapists of the patient’s organisation by purpose', async () => {
    const forShare = await eligible(PATIENT_B, 'patient2', 'share-data');
    expect(forShare.body.items.map((x: { therapistId: string }) => x.therapistId)).toEqual(['therapist-2']);
    const forInvite = await eligible(PATIENT_B, 'therapist', 'invite');
    expect(forInvite.body.items.map((x: { therapistId: string }) => x.therapistId)).toEqual(['therapist-2']);
    const forHandover = await eligible(PATIENT_A, 'therapist2', 'handover');
    expect(
      forHandover.body.items.map((x: { therapistId: string; role: string }) => [x.therapistId, x.role]),
    ).toEqual([['therapist-1', 'lead']]);
  });

  it('refuses other callers and unknown purposes', async () => {
    expect((await eligible(PATIENT_B, 'patient', 'share-data')).res.statusCode).toBe(403);
    expect((await eligible(PATIENT_B, 'therapist3', 'invite')).res.statusCode).toBe(403);
    expect((await eligible(PATIENT_B, 'patient2', 'everything')).res.statusCode).toBe(400);
    expect(
      (await op('patient2', 'listEligibleTherapists', { params: { patientId: PATIENT_B } })).res.statusCode,
    ).toBe(400);
  });

  it('sharing assigns the therapist (consent recorded, idempotent), who can then read the patient’s moments', async () => {
    expect(
      (await op('therapist2', 'listPatientMoments', { params: { patientId: PATIENT_B } })).res.statusCode,
    ).toBe(403);
    const first = await share(PATIENT_B, 'therapist-2', 'patient2');
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toMatchObject({ patientId: PATIENT_B, therapistId: 'therapist-2', isLead: false });
    const again = await share(PATIENT_B, 'therapist-2', 'patient2');
    expect(again.body).toEqual(first.body);
    const consent = await t.db
      .selectFrom('data_sharing_consents')
      .selectAll()
      .where('patient_id', '=', PATIENT_B)
      .where('therapist_id', '=', 'therapist-2')
      .executeTakeFirstOrThrow();
    expect(consent.revoked_at).toBeNull();
    const moments = await op('therapist2', 'listPatientMoments', { params: { patientId: PATIENT_B } });
    expect(moments.res.statusCode).toBe(200);
    expect(moments.body.items.map((m: { momentId: string }) => m.momentId)).toContain('pg-1');
  });

  it('the first therapist of a patient without one becomes lead', async () => {
    await t.db.deleteFrom('care_team').where('patient_id', '=', PATIENT_B).execute();
    const lead = await share(PATIENT_B, 'therapist-2', 'patient2');
    expect(lead.body.isLead).toBe(true);
    const second = await share(PATIENT_B, 'therapist-1', 'patient2');
    expect(second.body.isLead).toBe(false);
    const team = await op('patient2', 'listMyTherapists');
    expect(
      team.body.items.map((x: { therapistId: string; role: string }) => [x.therapistId, x.role]),
    ).toEqual([
      ['therapist-2', 'lead'],
      ['therapist-1', 'invited'],
    ]);
  });

  it('refuses another patient, therapists, and therapists of other organisations', async () => {
    expect((await share(PATIENT_B, 'therapist-2', 'patient')).res.statusCode).toBe(403);
    expect((await share(PATIENT_B, 'therapist-2', 'therapist')).res.statusCode).toBe(403);
    expect((await share(PATIENT_A, 'therapist-3', 'patient')).res.statusCode).toBe(404);
    expect((await share(PATIENT_A, 'nobody', 'patient')).res.statusCode).toBe(404);
    expect((await share(PATIENT_A, 'therapist-3', null)).res.statusCode).toBe(401);
    expect(await careTeamRow(t.db, PATIENT_A, 'therapist-3')).toBeUndefined();
  });
});
