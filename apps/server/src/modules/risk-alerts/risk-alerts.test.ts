import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { careTestApp, PATIENT_A, PATIENT_B } from '../patients/care-test-app.ts';

const care = careTestApp();
const { op } = care;
let t: TestApp;
beforeAll(() => ({ t } = care));

const alerts = async (user: string, status = 'unacknowledged') => {
  const { res, body } = await op(user, 'listRiskAlerts', { query: { status, limit: '100' } });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body;
};
const acknowledge = (alertId: string, user: string | null, payload?: object) =>
  op(user, 'acknowledgeRiskAlert', { params: { alertId }, payload });
const history = (patientId: string, user: string | null, query?: Record<string, string>) =>
  op(user, 'listPatientRiskHistory', { params: { patientId }, query });
/** Sets or clears patient A's high-risk flag as `user`, with the reason. */
const flagA = (user: string, highRisk: boolean, reason: string) =>
  op(user, 'setPatientHighRisk', { params: { patientId: PATIENT_A }, payload: { highRisk, reason } });
// PHQ-9 with item 9 answered "several days" (1): total 10, moderate.
const phq9Item9 = (momentId: string) =>
  op('patient', 'addMoment', {
    query: { eventType: 'phq9' },
    payload: {
      momentId,
      eventType: 'phq9',
      start: Date.now(),
      end: Date.now(),
      body: { items: [1, 1, 1, 1, 1, 1, 1, 2, 1], total: 10, severity: 'moderate' },
    },
  });

describe('high-risk alerts', () => {
  it('alerts each therapist of the care team when a PHQ-9 answers item 9 above 0, each seeing only their own', async () => {
    expect((await phq9Item9('ra-1')).res.statusCode).toBe(201);
    const lead = await alerts('therapist');
    expect(lead.unacknowledged).toBe(1);
    expect(lead.total).toBe(1);
    expect(lead.items[0]).toMatchObject({
      patientId: PATIENT_A,
      source: 'phq9-item9',
      reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
      acknowledgedAt: null,
      acknowledgedBy: null,
      note: null,
      highRisk: true,
    });
    expect(lead.items[0].firstName).toBeTruthy();
    const invited = await alerts('therapist2');
    expect(invited.items.map((a: { alertId: string }) => a.alertId)).not.toContain(lead.items[0].alertId);
    expect(invited.unacknowledged).toBe(1);
    expect((await alerts('therapist3')).total).toBe(0);
  });

  it('records who acknowledged and when (with a note), once; the alert leaves the open list', async () => {
    const [open] = (await alerts('therapist')).items;
    const before = Date.now();
    const ack = await acknowledge(open.alertId, 'therapist', {
      note: '  Called Sam; safety plan reviewed.  ',
    });
    expect(ack.res.statusCode).toBe(200);
    expect(ack.body).toMatchObject({
      alertId: open.alertId,
      acknowledgedBy: { therapistId: 'therapist-1', firstName: 'Alex', lastName: 'Morgan' },
      note: 'Called Sam; safety plan reviewed.',
    });
    expect(Date.parse(ack.body.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);
    const again = await acknowledge(open.alertId, 'therapist', { note: 'again' });
    expect(again.body).toEqual(ack.body);
    expect((await alerts('therapist')).unacknowledged).toBe(0);
    expect((await alerts('therapist')).items).toEqual([]);
    const done = await alerts('therapist', 'acknowledged');
    expect(done.items.map((a: { alertId: string }) => a.alertId)).toEqual([open.alertId]);
    expect(done.unacknowledged).toBe(0);
    expect((await alerts('therapist', 'all')).total).toBe(1);
    // The other therapist's alert is still theirs to acknowledge.
    expect((await alerts('therapist2')).unacknowledged).toBe(1);
    expect(await acknowledge('x', 'therapist', { note: 'n'.repeat(501) }).then((r) => r.res.statusCode)).toBe(
      400,
    );
  });

  it('refuses someone else’s alert and unknown ones alike (404), and anyone but therapists (403)', async () => {
    const [theirs] = (await alerts('therapist2')).items;
    const other = await acknowledge(theirs.alertId, 'therapist');
    const unknown = await acknowledge('no-such-alert', 'therapist');
    expect(other.res.statusCode).toBe(404);
    expect(unknown.res.statusCode).toBe(404);
    expect(other.body.code).toBe(unknown.body.code);
    expect((await acknowledge(theirs.alertId, 'therapist3')).res.statusCode).toBe(404);
    expect((await acknowledge(theirs.alertId, 'patient')).res.statusCode).toBe(403);
    expect((await acknowledge(theirs.alertId, 'admin')).res.statusCode).toBe(403);
    expect((await acknowledge(theirs.alertId, null)).res.statusCode).toBe(401);
    expect(await op.status('patient', 'listRiskAlerts')).toBe(403);
    expect(await op.status('therapist', 'listRiskAlerts', { query: { status: 'open' } })).toBe(400);
    const still = await alerts('therapist2');
    expect(still.items[0].acknowledgedAt).toBeNull();
  });

  it('a flag raised by hand alerts the rest of the care team, not the therapist who raised it', async () => {
    await flagA('therapist2', true, 'Disclosed a plan in session.');
    const lead = await alerts('therapist');
    expect(lead.items[0]).toMatchObject({ source: 'therapist', reason: 'Disclosed a plan in session.' });
    expect(
      (await alerts('therapist2')).items.filter((a: { source: string }) => a.source === 'therapist'),
    ).toEqual([]);
  });

  it('keeps the open alerts of patients in the caller’s care only', async () => {
    // patient-03 (B): lead therapist-1 only.
    await op('patient2', 'addMoment', {
      query: { eventType: 'gad7' },
      payload: {
        momentId: 'ra-b',
        eventType: 'gad7',
        start: Date.now(),
        end: Date.now(),
        body: { items: [3, 3, 3, 3, 3, 3, 3], total: 21, severity: 'severe' },
      },
    });
    const withB = await alerts('therapist');
    const alertOfB = withB.items.find((a: { patientId: string }) => a.patientId === PATIENT_B);
    expect(alertOfB).toMatchObject({ source: 'gad7-severe' });
    await t.db
      .deleteFrom('care_team')
      .where('patient_id', '=', PATIENT_B)
      .where('therapist_id', '=', 'therapist-1')
      .execute();
    const after = await alerts('therapist');
    expect(after.items.map((a: { patientId: string }) => a.patientId)).not.toContain(PATIENT_B);
    expect(after.unacknowledged).toBe(withB.unacknowledged - 1);
    expect((await acknowledge(alertOfB.alertId, 'therapist')).res.statusCode).toBe(404);
    await t.db
      .insertInto('care_team')
      .values({ patient_id: PATIENT_B, therapist_id: 'therapist-1', role: 'lead' })
      .execute();
  });
});

describe('a patient’s risk history', () => {
  it('lists flag changes (who, why) and every alert with its acknowledgement, newest first, to the care team', async () => {
    await flagA('therapist', false, 'Safety plan in place.');
    const { res, body } = await history(PATIENT_A, 'therapist2', { limit: '100' });
    expect(res.statusCode).toBe(200);
    const kinds = body.items.map(
      (e: { kind: string; source: string; highRisk?: boolean }) =>
        `${e.kind}:${e.source}${e.kind === 'flag' ? `:${e.highRisk}` : ''}`,
    );
    expect(kinds).toEqual([
      'flag:therapist:false',
      'alert:therapist',
      'flag:therapist:true',
      // The PHQ-9's flag and its two alerts (one per therapist), in the same instant: order by id among them.
      ...kinds.slice(3),
    ]);
    expect(kinds.slice(3).sort()).toEqual(['alert:phq9-item9', 'alert:phq9-item9', 'flag:phq9-item9:true']);
    expect(body.total).toBe(6);
    expect(body.items[0]).toMatchObject({
      kind: 'flag',
      reason: 'Safety plan in place.',
      actor: { therapistId: 'therapist-1', firstName: 'Alex' },
    });
    const system = body.items.find(
      (e: { kind: string; source: string }) => e.kind === 'flag' && e.source === 'phq9-item9',
    );
    expect(system.actor).toBeNull();
    const acknowledged = body.items.find(
      (e: { kind: string; acknowledgedAt?: string | null }) => e.kind === 'alert' && e.acknowledgedAt,
    );
    expect(acknowledged).toMatchObject({
      therapist: { therapistId: 'therapist-1' },
      acknowledgedBy: { therapistId: 'therapist-1', lastName: 'Morgan' },
      note: 'Called Sam; safety plan reviewed.',
    });
    const page = await history(PATIENT_A, 'therapist', { skip: '1', limit: '2' });
    expect(page.body).toMatchObject({ skip: 1, limit: 2, total: 6 });
    expect(page.body.items.map((e: { entryId: string }) => e.entryId)).toEqual(
      body.items.slice(1, 3).map((e: { entryId: string }) => e.entryId),
    );
  });

  it('is refused to anyone outside the care team, the patient included', async () => {
    expect((await history(PATIENT_A, 'therapist3')).res.statusCode).toBe(403);
    expect((await history(PATIENT_A, 'patient')).res.statusCode).toBe(403);
    expect((await history('nobody', 'therapist')).res.statusCode).toBe(403);
    expect((await history(PATIENT_A, null)).res.statusCode).toBe(401);
  });
});
