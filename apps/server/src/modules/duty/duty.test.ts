// The duty rota, duty routing of a patient without a therapist (with and without anyone on duty),
// one risk event and one alert per recipient per questionnaire (retries, edits, concurrent submissions), open
// risk following the patient, and escalation.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { careTestApp, PATIENT_B } from '../patients/care-test-app.ts';
import { screeningBody } from '../../../test/screening.ts';
import { jobQueueFor } from '../reporting/routes.ts';
import { localTime, shiftCovers } from './service.ts';
import { json } from '../../db/index.ts';

const care = careTestApp();
const { op } = care;
let t: TestApp;
beforeAll(() => ({ t } = care));
const ROOT = 'org-tend-health';
const NORTH = 'org-tend-north';

/** Patient B (patient-03, of the root organisation) without a therapist; nothing flagged; the demo rota. */
beforeEach(async () => {
  await t.db.deleteFrom('care_team').where('patient_id', '=', PATIENT_B).execute();
  await t.db.deleteFrom('therapist_notifications').execute();
  await t.db.deleteFrom('risk_escalations').execute();
  await t.db.deleteFrom('risk_events').execute();
  await t.db.deleteFrom('patient_risk').execute();
  await t.db.deleteFrom('jobs').execute();
  await t.db.deleteFrom('chat_messages').execute();
  await t.db.deleteFrom('chat_participants').execute();
  await t.db.deleteFrom('chat_sessions').execute();
  await rota(ROOT, [{ therapistId: 'therapist-1', day: null, startMinute: 0, endMinute: 1440 }]);
});

async function rota(organisation: string, shifts: object[]) {
  const { res, body } = await op('admin', 'replaceDutyRota', {
    params: { organisation },
    payload: { shifts },
  });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body;
}

const alerts = async (user: string) => {
  const { res, body } = await op(user, 'listRiskAlerts', { query: { status: 'all', limit: '100' } });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body;
};

const phq9 = (momentId: string, items: number[], updatedAt?: number) =>
  op('patient2', 'addMoment', {
    query: { eventType: 'phq9' },
    payload: {
      momentId,
      eventType: 'phq9',
      start: 1_700_000_000_000,
      end: 1_700_000_000_000,
      ...(updatedAt ? { updatedAt } : {}),
      body: screeningBody('phq9', items),
    },
  });
const ITEM9 = [1, 1, 1, 1, 1, 1, 1, 2, 1];

/** Therapist `therapistId` joins patient B's care team as `role`. */
const joinB = (therapistId: string, role: 'lead' | 'invited' = 'lead') =>
  t.db.insertInto('care_team').values({ patient_id: PATIENT_B, therapist_id: therapistId, role }).execute();
/** The jobs' time has come (the queued ones only, unless `all`): the next tick runs them. */
const due = (which: 'queued' | 'all' = 'queued') => {
  const jobs = t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) });
  return (which === 'queued' ? jobs.where('status', '=', 'queued') : jobs).execute();
};
const acknowledge = (user: string, alertId: string) =>
  op(user, 'acknowledgeRiskAlert', { params: { alertId } });
const requestsOf = (user: string) => op(user, 'listChatRequests');
const accept = (user: string, requestId: string) => op(user, 'acceptChatRequest', { params: { requestId } });
const recordOfB = (user: string) => op(user, 'getPatient', { params: { patientId: PATIENT_B } });
const historyOfB = (user: string) =>
  op(user, 'listPatientRiskHistory', { params: { patientId: PATIENT_B }, query: { limit: '100' } });

const eventsOfB = () =>
  t.db.selectFrom('risk_events').selectAll().where('patient_id', '=', PATIENT_B).execute();
const alertRowsOfB = () =>
  t.db
    .selectFrom('therapist_notifications')
    .selectAll()
    .where('patient_id', '=', PATIENT_B)
    .where('kind', '=', 'high-risk')
    .execute();

describe('the duty rota', () => {
  it('tells whether a shift covers a moment in the therapist’s own timezone', () => {
    // Monday 2026-11-23 08:30 UTC is 09:30 in Oslo.
    const at = new Date('2026-11-23T08:30:00Z');
    expect(localTime(at, 'Europe/Oslo')).toEqual({ day: 1, minute: 570 });
    expect(shiftCovers({ day_of_week: 1, start_minute: 540, end_minute: 1020 }, at, 'Europe/Oslo')).toBe(
      true,
    );
    expect(shiftCovers({ day_of_week: 1, start_minute: 540, end_minute: 1020 }, at, 'UTC')).toBe(false);
    expect(shiftCovers({ day_of_week: 2, start_minute: 0, end_minute: 1440 }, at, 'Europe/Oslo')).toBe(false);
    expect(shiftCovers({ day_of_week: null, start_minute: 0, end_minute: 1440 }, at, null)).toBe(true);
  });

  it('is read and replaced by the organisation’s administrators, with who may be on it and who is on duty now', async () => {
    const { body } = await op('admin', 'getDutyRota', { params: { organisation: NORTH } });
    expect(body.shifts).toEqual([{ therapistId: 'therapist-1', day: null, startMinute: 0, endMinute: 1440 }]);
    expect(body.onDutyNow).toEqual(['therapist-1']);
    expect(body.fallback).toBe('rota');
    // Therapists of the child and of its parent.
    expect(body.therapists.map((x: { therapistId: string }) => x.therapistId).sort()).toEqual([
      'therapist-1',
      'therapist-2',
      'therapist-3',
    ]);
    // A therapist of the child cannot be on the parent's rota; a shift must end after it starts.
    const bad = await op('admin', 'replaceDutyRota', {
      params: { organisation: ROOT },
      payload: {
        shifts: [
          { therapistId: 'therapist-3', day: 1, startMinute: 0, endMinute: 60 },
          { therapistId: 'therapist-2', day: 1, startMinute: 60, endMinute: 60 },
        ],
      },
    });
    expect(bad.res.statusCode).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual([
      'shifts.0.therapistId',
      'shifts.1.endMinute',
    ]);
    const cleared = await rota(NORTH, []);
    expect(cleared).toMatchObject({ shifts: [], onDutyNow: [], fallback: 'organisation' });
    await rota(NORTH, [{ therapistId: 'therapist-1', day: null, startMinute: 0, endMinute: 1440 }]);
    expect(await op.status('therapist', 'getDutyRota', { params: { organisation: ROOT } })).toBe(403);
  });

  it('tells a therapist whether they are on duty', async () => {
    const mine = await op('therapist', 'getMyDuty');
    expect(mine.body).toEqual({
      onDuty: true,
      organisations: [
        { organisationId: ROOT, name: 'Tend Health', via: 'rota' },
        { organisationId: NORTH, name: 'Tend Health North', via: 'rota' },
      ],
    });
    const other = await op('therapist2', 'getMyDuty');
    expect(other.body).toEqual({ onDuty: false, organisations: [] });
  });
});

describe('a patient without a therapist', () => {
  it('reaches the clinician on duty, once per questionnaire, however often it is saved, retried or changed', async () => {
    // The safety flow's early save, the submit with a changed answer, a retry of each, and an offline replay.
    expect((await phq9('dq-1', ITEM9, 1000)).res.statusCode).toBe(201);
    expect((await phq9('dq-1', ITEM9, 1000)).res.statusCode).toBe(201);
    expect((await phq9('dq-1', [1, 1, 1, 1, 1, 1, 1, 2, 3], 2000)).res.statusCode).toBe(201);
    expect((await phq9('dq-1', [1, 1, 1, 1, 1, 1, 1, 2, 2], 3000)).res.statusCode).toBe(201);
    expect(await eventsOfB()).toHaveLength(1);
    const rows = await alertRowsOfB();
    expect(rows.map((r) => [r.therapist_id, r.route])).toEqual([['therapist-1', 'duty']]);
    const [alert] = (await alerts('therapist')).items;
    expect(alert).toMatchObject({
      patientId: PATIENT_B,
      source: 'phq9-item9',
      noTherapist: true,
      route: 'duty',
      answerChanged: false,
    });
    // A therapist of the organisation not on duty is not alerted while someone is.
    expect((await alerts('therapist2')).total).toBe(0);
  });

  it('raises one event and one alert under concurrent submissions of one questionnaire', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => phq9('dq-concurrent', ITEM9, 1000 + (i % 2))),
    );
    expect(answers.map((a) => a.res.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await eventsOfB()).toHaveLength(1);
    expect(await alertRowsOfB()).toHaveLength(1);
    // Another questionnaire is another signal.
    await phq9('dq-other', ITEM9);
    expect(await eventsOfB()).toHaveLength(2);
  });

  it('counts the app’s score notification of a result already flagged as the same signal', async () => {
    const severe = [3, 3, 3, 3, 3, 3, 3, 2, 1];
    expect((await phq9('dq-severe', severe)).res.statusCode).toBe(201);
    const notified = await op('patient2', 'notifyScores', { query: { phqScore: '24' } });
    expect(notified.res.statusCode, JSON.stringify(notified.body)).toBe(200);
    expect(await eventsOfB()).toHaveLength(1);
    expect(await alertRowsOfB()).toHaveLength(1);
  });

  it('keeps the signal when item 9 is changed back to 0 before submitting, and says so', async () => {
    await phq9('dq-changed', ITEM9, 1000);
    await phq9('dq-changed', [1, 1, 1, 1, 1, 1, 1, 2, 0], 2000);
    const [event] = await eventsOfB();
    expect(event!.high_risk).toBe(true);
    expect(event!.reason).toContain('changed item 9 to 0');
    const [alert] = (await alerts('therapist')).items;
    expect(alert).toMatchObject({ answerChanged: true, highRisk: true });
    expect(alert.reason).toContain('changed item 9 to 0 before submitting');
  });

  it('goes to every therapist of the organisation when nobody is on duty', async () => {
    await rota(ROOT, []);
    await phq9('dq-nobody', ITEM9);
    const told = (await alertRowsOfB()).map((r) => r.therapist_id).sort();
    expect(told).toEqual(['therapist-1', 'therapist-2']);
    expect((await alerts('therapist2')).items[0]).toMatchObject({ noTherapist: true, route: 'duty' });
  });

  it('goes to the administrators by e-mail when the organisation has no therapist at all', async () => {
    await t.db
      .insertInto('organisations')
      .values({
        id: 'org-empty',
        parent_id: ROOT,
        name: 'Tend Empty',
        details: '{}',
        app_settings: '{}',
        subscription: '{}',
        research_settings: '{}',
        enabled: true,
        max_redemptions: null,
        etag: 'e',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await t.db
      .updateTable('patients')
      .set({ organisation_id: 'org-empty' })
      .where('id', '=', PATIENT_B)
      .execute();
    try {
      t.mailer.catcher!.clear();
      await phq9('dq-empty', ITEM9);
      expect(await alertRowsOfB()).toEqual([]);
      await jobQueueFor(t.db)!.tick();
      const steps = await t.db.selectFrom('risk_escalations').selectAll().execute();
      expect(steps.map((s) => s.level)).toEqual([2]);
      // This database has no administrator accounts: the organisation's (inherited) contact address.
      expect(steps[0]!.emailed).toEqual(['care@tend-health.example']);
      await expect.poll(() => t.mailer.catcher!.list('care@tend-health.example')).toHaveLength(1);
      expect(t.mailer.catcher!.list('care@tend-health.example')[0]!.subject).toContain(
        'has not been acknowledged',
      );
    } finally {
      await t.db.updateTable('patients').set({ organisation_id: ROOT }).where('id', '=', PATIENT_B).execute();
    }
  });

  it('an emergency chat request alerts the duty clinician, and the request is in their queue to accept', async () => {
    const req = await op('patient2', 'requestEmergencyChat', { payload: { message: 'I need someone now.' } });
    expect(req.res.statusCode, JSON.stringify(req.body)).toBe(201);
    expect((await alerts('therapist')).items[0]).toMatchObject({
      source: 'emergency-chat',
      noTherapist: true,
    });
    const queue = await requestsOf('therapist');
    expect(queue.res.statusCode, JSON.stringify(queue.body)).toBe(200);
    const mine = queue.body.items.find((r: { patientId: string }) => r.patientId === PATIENT_B);
    expect(mine).toBeTruthy();
    // The card says why it reached a clinician outside any care team.
    expect(mine.noTherapist).toBe(true);
    expect(
      queue.body.items
        .filter((r: { patientId: string }) => r.patientId !== PATIENT_B)
        .every((r: { noTherapist: boolean }) => r.noTherapist === false),
    ).toBe(true);
    const notTheirs = await requestsOf('therapist2');
    expect(notTheirs.body.items.map((r: { patientId: string }) => r.patientId)).not.toContain(PATIENT_B);
    const refused = await accept('therapist2', mine.requestId);
    expect(refused.res.statusCode).toBe(404);
    const accepted = await accept('therapist', mine.requestId);
    expect(accepted.res.statusCode, JSON.stringify(accepted.body)).toBe(200);
    const team = await t.db.selectFrom('care_team').selectAll().where('patient_id', '=', PATIENT_B).execute();
    expect(team.map((r) => [r.therapist_id, r.role])).toEqual([['therapist-1', 'lead']]);
  });

  it('the duty queue carries the high-risk flag and reason of a patient without a therapist, only to a clinician on duty; once accepted, the record carries it too', async () => {
    await phq9('dq-chat-risk', ITEM9);
    const [event] = await eventsOfB();
    expect(event!.high_risk).toBe(true);
    const asked = await op('patient2', 'requestChat', { payload: { message: 'Could someone talk to me?' } });
    expect(asked.res.statusCode, JSON.stringify(asked.body)).toBeLessThan(300);
    // The patient's own answer never carries the flag.
    expect(JSON.stringify(asked.body)).not.toMatch(/highRisk|riskReason/);
    const queue = await requestsOf('therapist');
    expect(queue.res.statusCode, JSON.stringify(queue.body)).toBe(200);
    const request = queue.body.items.find((r: { patientId: string }) => r.patientId === PATIENT_B);
    expect(request).toMatchObject({ noTherapist: true, highRisk: true, riskReason: event!.reason });
    expect(event!.reason).toMatch(/item 9/);
    // A therapist who is neither on duty nor in the care team sees neither the request nor the flag.
    const other = await requestsOf('therapist2');
    expect(JSON.stringify(other.body)).not.toContain(PATIENT_B);
    // Before accepting, the duty clinician may not read the record itself; the queue is what they see.
    const before = await recordOfB('therapist');
    expect(before.res.statusCode).toBe(403);
    const accepted = await accept('therapist', request.requestId);
    expect(accepted.res.statusCode, JSON.stringify(accepted.body)).toBe(200);
    // The conversation's header reads the record: the flag and reason are there.
    const record = await recordOfB('therapist');
    expect(record.res.statusCode, JSON.stringify(record.body)).toBe(200);
    expect(record.body.risk).toMatchObject({ highRisk: true, reason: event!.reason });
  });

  it('is taken on from the alert; open risk then follows the patient to a colleague who joins', async () => {
    await phq9('dq-take', ITEM9);
    const [alert] = (await alerts('therapist')).items;
    const taken = await op('therapist', 'takeOnPatientFromAlert', { params: { alertId: alert.alertId } });
    expect(taken.res.statusCode, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ alertId: alert.alertId, noTherapist: false });
    // The colleague joins by assignment: the open risk shows to them at once, as one alert.
    await joinB('therapist-2', 'invited');
    const { alertNewCareTeamMember } = await import('./alerts.ts');
    expect(await alertNewCareTeamMember(t.db, PATIENT_B, 'therapist-2')).toBe(1);
    expect(await alertNewCareTeamMember(t.db, PATIENT_B, 'therapist-2')).toBe(0);
    expect((await alerts('therapist2')).items[0]).toMatchObject({ patientId: PATIENT_B, route: 'take-on' });
    // Once acknowledged, the risk is no longer open: nobody else joining is alerted.
    await acknowledge('therapist', alert.alertId);
    expect(await alertNewCareTeamMember(t.db, PATIENT_B, 'therapist-3')).toBe(0);
  });
});

describe('escalation', () => {
  it('alerts every duty clinician, then e-mails the administrators, when nobody acknowledges in time; the history shows each step', async () => {
    // B has therapist-2; therapist-1 is on duty.
    await joinB('therapist-2');
    await phq9('dq-escalate', ITEM9);
    expect((await alertRowsOfB()).map((r) => r.therapist_id)).toEqual(['therapist-2']);
    const queue = jobQueueFor(t.db)!;
    // Not yet due: the organisation's limit (30 minutes by default).
    await queue.tick();
    expect(await t.db.selectFrom('risk_escalations').selectAll().execute()).toEqual([]);
    await due('all');
    await queue.tick();
    expect((await alertRowsOfB()).map((r) => [r.therapist_id, r.route]).sort()).toEqual([
      ['therapist-1', 'escalation'],
      ['therapist-2', 'care-team'],
    ]);
    expect((await alerts('therapist')).items[0]).toMatchObject({ patientId: PATIENT_B, route: 'escalation' });
    t.mailer.catcher!.clear();
    await due();
    await queue.tick();
    await expect.poll(() => t.mailer.catcher!.list('care@tend-health.example')).toHaveLength(1);
    const history = await historyOfB('therapist2');
    expect(history.res.statusCode, JSON.stringify(history.body)).toBe(200);
    const steps = history.body.items.filter((e: { kind: string }) => e.kind === 'escalation');
    expect(steps.map((s: { level: number }) => s.level)).toEqual([2, 1]);
    expect(steps[1].therapists.map((p: { therapistId: string }) => p.therapistId)).toEqual(['therapist-1']);
    expect(steps[0].emailed).toBeGreaterThan(0);
  });

  it('of a patient without a therapist: level 1 adds the other duty clinicians, an acknowledgement then stops level 2; the history shows the step taken and no other', async () => {
    // B has no therapist; therapist-1 is on duty and gets the first alert.
    await phq9('dq-escalate-duty', ITEM9);
    expect((await alertRowsOfB()).map((r) => [r.therapist_id, r.route])).toEqual([['therapist-1', 'duty']]);
    // A second clinician comes on duty before the limit runs out.
    await rota(ROOT, [
      { therapistId: 'therapist-1', day: null, startMinute: 0, endMinute: 1440 },
      { therapistId: 'therapist-2', day: null, startMinute: 0, endMinute: 1440 },
    ]);
    const queue = jobQueueFor(t.db)!;
    await due();
    await queue.tick();
    // Level 1: every duty clinician, each alerted once (therapist-1 already was).
    expect((await alertRowsOfB()).map((r) => [r.therapist_id, r.route]).sort()).toEqual([
      ['therapist-1', 'duty'],
      ['therapist-2', 'escalation'],
    ]);
    const [escalated] = (await alerts('therapist2')).items;
    expect(escalated).toMatchObject({ patientId: PATIENT_B, route: 'escalation', noTherapist: true });
    const ack = await acknowledge('therapist2', escalated.alertId);
    expect(ack.res.statusCode, JSON.stringify(ack.body)).toBeLessThan(300);
    // Level 2 comes due: nobody is e-mailed, no step is recorded, and nothing further is queued.
    t.mailer.catcher!.clear();
    await due();
    await queue.tick();
    expect(t.mailer.catcher!.list('care@tend-health.example')).toHaveLength(0);
    const steps = await t.db.selectFrom('risk_escalations').selectAll().execute();
    expect(steps.map((s) => s.level)).toEqual([1]);
    expect(await t.db.selectFrom('jobs').select('id').where('status', '=', 'queued').execute()).toEqual([]);
    // therapist-2 took part through the escalation; the history (read by the duty clinician) shows level 1 only.
    await joinB('therapist-1');
    const history = await historyOfB('therapist');
    expect(history.res.statusCode, JSON.stringify(history.body)).toBe(200);
    const shown = history.body.items.filter((e: { kind: string }) => e.kind === 'escalation');
    expect(shown.map((e: { level: number }) => e.level)).toEqual([1]);
    expect(shown[0].therapists.map((p: { therapistId: string }) => p.therapistId)).toEqual(['therapist-2']);
  });

  it('level 2 e-mails every administrator of the organisation and its parents, with no health data, and is the last step', async () => {
    await joinB('therapist-2');
    await phq9('dq-escalate-mail', ITEM9);
    const queue = jobQueueFor(t.db)!;
    await due();
    await queue.tick();
    t.mailer.catcher!.clear();
    await due();
    await queue.tick();
    const { administratorEmails } = await import('./service.ts');
    const admins = await administratorEmails(t.db, ROOT);
    expect(admins.length).toBeGreaterThan(0);
    for (const to of admins) {
      await expect.poll(() => t.mailer.catcher!.list(to)).toHaveLength(1);
      const [mail] = t.mailer.catcher!.list(to);
      expect(mail!.subject).toBe('Tend: a high-risk alert in Tend Health has not been acknowledged');
      // No health data: neither the reason nor the patient's name.
      expect(JSON.stringify(mail)).not.toMatch(/item 9|PHQ-9|self-harm/i);
    }
    const steps = await t.db.selectFrom('risk_escalations').selectAll().orderBy('level').execute();
    expect(steps.map((s) => [s.level, s.emailed])).toEqual([
      [1, []],
      [2, admins],
    ]);
    // The last step: nothing further is queued, and a third tick changes nothing.
    expect(await t.db.selectFrom('jobs').select('id').where('status', '=', 'queued').execute()).toEqual([]);
    await queue.tick();
    expect(await t.db.selectFrom('risk_escalations').select('id').execute()).toHaveLength(2);
  });

  it('stops once an alert is acknowledged, and follows the organisation’s own limit', async () => {
    await joinB('therapist-2');
    await t.db
      .updateTable('organisations')
      .set({ app_settings: json({ escalationMinutes: 5 }) })
      .where('id', '=', ROOT)
      .execute();
    const before = Date.now();
    await phq9('dq-ack', ITEM9);
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'risk-escalation')
      .executeTakeFirstOrThrow();
    const wait = new Date(job.run_at).getTime() - before;
    expect(wait).toBeGreaterThan(4 * 60_000);
    expect(wait).toBeLessThan(6 * 60_000);
    const [alert] = (await alerts('therapist2')).items;
    await acknowledge('therapist2', alert.alertId);
    await due('all');
    await jobQueueFor(t.db)!.tick();
    expect(await t.db.selectFrom('risk_escalations').selectAll().execute()).toEqual([]);
    expect((await alertRowsOfB()).map((r) => r.therapist_id)).toEqual(['therapist-2']);
  });
});
