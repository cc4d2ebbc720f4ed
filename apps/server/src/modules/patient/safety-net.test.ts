import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { json } from '../../db/index.ts';
import { PATIENT_A, PATIENT_B, as, caller, createCareTestApp } from '../patients/care-test-app.ts';
import { responseHoursOf } from './safety-net.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const net = (user: string) =>
  call('getPatientSafetyNet', { method: 'GET', url: '/patient/safety-net', headers: as(user) });
const share = (user: string, shared: boolean) =>
  call('updateSafetyPlanSharing', {
    method: 'PUT',
    url: '/patient/safety-plan-sharing',
    headers: as(user),
    payload: { shared },
  });
const readPlan = (user: string, patientId = PATIENT_A) =>
  call('getPatientSafetyPlan', {
    method: 'GET',
    url: `/patients/${patientId}/safety-plan`,
    headers: as(user),
  });

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
    expect(
      (await call('getPatientSafetyNet', { method: 'GET', url: '/patient/safety-net', headers: as(null) }))
        .res.statusCode,
    ).toBe(401);
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
    const bad = await call('updateSafetyPlanSharing', {
      method: 'PUT',
      url: '/patient/safety-plan-sharing',
      headers: as('patient'),
      payload: { shared: 'maybe' },
    });
    expect(bad.res.statusCode).toBe(400);
  });
});
