// The organisation's app settings decide what its patients may do: every patient call of a switched-off
// feature answers 403 `feature_not_offered` naming the feature, the setting is inherited from a parent
// organisation, and switching it back on (or removing the override) lets the call through again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/types.ts';
import { resolveUserFrom, type TestApp } from '../../../test/helpers.ts';
import { ADMIN_USERS, createAdminTestApp } from './test-support.ts';
import { operate } from '../../../test/operate.ts';

const USERS: Record<string, AuthUser> = {
  ...ADMIN_USERS,
  northPatient: {
    uid: 'patient-13',
    email: 'patient13@example.com',
    scopes: ['patient'],
    roles: ['patient'],
  },
};

let t: TestApp;
let op: ReturnType<typeof operate>;
beforeAll(async () => {
  t = await createAdminTestApp({
    resolveUser: resolveUserFrom(USERS, 'anonymous'),
  });
  op = operate(t);
});
afterAll(() => t.close());

const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);
let seq = 0;
const moment = (eventType: string, body: Record<string, unknown>) => {
  const start = T0 + ++seq * 60_000;
  return { momentId: `offered-${seq}`, eventType, start, end: start + 1000, body };
};
const MOMENTS = {
  journal: () => moment('journal', { text: 'A calmer day.' }),
  cbt: () => moment('cbt-core-belief', { belief: 'I am not good enough.' }),
  cbtScreening: () => moment('cbt-screening', { answers: [1, 2], score: 3 }),
  phq9: () => moment('phq9', { items: [0, 0, 0, 0, 0, 0, 0, 0, 0], total: 0, severity: 'minimal' }),
  gad7: () => moment('gad7', { items: [0, 0, 0, 0, 0, 0, 0], total: 0, severity: 'minimal' }),
  checkup: () => moment('checkup', { mood: 3 }),
};

/** The administrator changes the organisation's own app settings (as the admin console does). */
async function setAppSettings(organisation: string, patch: Record<string, unknown>) {
  const params = { organisation };
  const read = await op('admin', 'getOrganisationAppSettings', { params });
  const res = await op('admin', 'updateOrganisationAppSettings', {
    params,
    headers: { etag: read.body.etag },
    payload: patch,
  });
  expect(res.res.statusCode).toBe(200);
}

const addMoment = (m: ReturnType<typeof moment>, user = 'patient') =>
  op(user, 'addMoment', { query: { eventType: m.eventType }, payload: m });
const addJournal = (m: ReturnType<typeof moment>, user = 'patient') =>
  op(user, 'addJournalMoment', { query: { eventType: m.eventType }, payload: m });
const sync = (m: ReturnType<typeof moment>, user = 'patient') =>
  op(user, 'syncMoments', {
    query: { eventType: m.eventType, startFrom: String(m.start), endAt: String(m.start + 1) },
    payload: { events: [m] },
  });
const batchSync = (m: ReturnType<typeof moment>, user = 'patient') =>
  op(user, 'batchSyncMoments', {
    payload: { batches: [{ eventType: m.eventType, startFrom: m.start, endAt: m.start + 1, events: [m] }] },
  });

function expectRefused(res: Awaited<ReturnType<typeof addMoment>>, feature: string) {
  expect(res.res.statusCode).toBe(403);
  expect(res.body).toMatchObject({ code: 'feature_not_offered', details: { feature } });
  expect(res.body.message).toMatch(/not offered by your organisation/);
}

/** The ways a patient's app writes a moment. */
const WRITES = { addMoment, addJournal, sync, batchSync };

/** A new moment of the kind, written by the patient in each of those ways in turn, is refused for the feature. */
async function expectRefusedThrough(
  feature: string,
  kind: (typeof MOMENTS)[keyof typeof MOMENTS],
  ways: (keyof typeof WRITES)[],
) {
  for (const way of ways) expectRefused(await WRITES[way](kind()), feature);
}

beforeEach(async () => {
  // Everything offered (the fixture's own values removed), no open chat.
  await setAppSettings('org-tend-health', {
    chatEnabled: null,
    emergencyChatEnabled: null,
    journalEnabled: null,
    cbtEnabled: null,
    screeningEnabled: null,
    crisisLines: null,
  });
  await t.db.deleteFrom('chat_messages').execute();
  await t.db.deleteFrom('chat_sessions').execute();
});

describe('a switched-off feature is refused with the reason', () => {
  it('journal: addJournal, addMoment, sync and batch sync of journal entries', async () => {
    await setAppSettings('org-tend-health', { journalEnabled: false });
    await expectRefusedThrough('journal', MOMENTS.journal, ['addJournal', 'addMoment', 'sync', 'batchSync']);
    // Other parts of the app are not affected.
    expect((await addMoment(MOMENTS.checkup())).res.statusCode).toBe(201);
    expect((await addJournal(MOMENTS.cbt())).res.statusCode).toBe(201);
    // Switched back on: accepted again.
    await setAppSettings('org-tend-health', { journalEnabled: true });
    expect((await addJournal(MOMENTS.journal())).res.statusCode).toBe(201);
  });

  it('CBT: every CBT tool, through addMoment, addJournal, sync and batch sync', async () => {
    await setAppSettings('org-tend-health', { cbtEnabled: false });
    await expectRefusedThrough('cbt', MOMENTS.cbt, ['addMoment', 'addJournal']);
    await expectRefusedThrough('cbt', MOMENTS.cbtScreening, ['addMoment']);
    await expectRefusedThrough('cbt', MOMENTS.cbt, ['sync', 'batchSync']);
    expect((await addJournal(MOMENTS.journal())).res.statusCode).toBe(201);
  });

  it('screening: PHQ-9 and GAD-7', async () => {
    await setAppSettings('org-tend-health', { screeningEnabled: false });
    await expectRefusedThrough('screening', MOMENTS.phq9, ['addMoment']);
    await expectRefusedThrough('screening', MOMENTS.gad7, ['addMoment']);
    await expectRefusedThrough('screening', MOMENTS.phq9, ['sync']);
    await expectRefusedThrough('screening', MOMENTS.gad7, ['batchSync']);
    await setAppSettings('org-tend-health', { screeningEnabled: null });
    expect((await addMoment(MOMENTS.phq9())).res.statusCode).toBe(201);
  });

  it('chat: asking for a chat, and the chat token of an open chat', async () => {
    const request = () => op('patient', 'requestChat', { payload: { message: 'Could we talk?' } });
    const token = () => op('patient', 'getPatientChatToken');
    expect((await request()).res.statusCode).toBe(201);
    await setAppSettings('org-tend-health', { chatEnabled: false });
    expectRefused(await token(), 'chat');
    await t.db.deleteFrom('chat_messages').execute();
    await t.db.deleteFrom('chat_sessions').execute();
    expectRefused(await request(), 'chat');
    expect(await t.db.selectFrom('chat_sessions').select('id').execute()).toHaveLength(0);
    await setAppSettings('org-tend-health', { chatEnabled: true });
    expect((await request()).res.statusCode).toBe(201);
    expect((await token()).res.statusCode).toBe(200);
  });

  it('urgent chat: the emergency request (nothing stored, the patient not flagged by it)', async () => {
    await setAppSettings('org-tend-health', { emergencyChatEnabled: false });
    const urgent = () => op('patient', 'requestEmergencyChat', { payload: { message: 'I need help now' } });
    expectRefused(await urgent(), 'emergencyChat');
    expect(await t.db.selectFrom('chat_sessions').select('id').execute()).toHaveLength(0);
    await setAppSettings('org-tend-health', { emergencyChatEnabled: null });
    expect((await urgent()).res.statusCode).toBe(201);
  });

  it('a child organisation inherits its parent’s choice unless it sets its own', async () => {
    // org-tend-north sets journalEnabled false itself (the fixture) and inherits the rest.
    expectRefused(await addJournal(MOMENTS.journal(), 'northPatient'), 'journal');
    await setAppSettings('org-tend-health', { screeningEnabled: false });
    expectRefused(await addMoment(MOMENTS.phq9(), 'northPatient'), 'screening');
    await setAppSettings('org-tend-north', { screeningEnabled: true });
    expect((await addMoment(MOMENTS.phq9(), 'northPatient')).res.statusCode).toBe(201);
    await setAppSettings('org-tend-north', { screeningEnabled: null });
  });

  it('another organisation’s settings do not touch this one’s patients', async () => {
    await setAppSettings('org-tend-health', { journalEnabled: false });
    expect((await addJournal(MOMENTS.journal(), 'elsewherePatient')).res.statusCode).toBe(201);
  });
});

describe('the organisation’s crisis lines', () => {
  it('an urgent chat request answers the organisation’s lines (inherited by a child)', async () => {
    const lines = [{ name: 'Tend Health crisis team', phone: '0800 000 123' }];
    await setAppSettings('org-tend-health', { crisisLines: lines });
    const urgent = await op('northPatient', 'requestEmergencyChat', {
      payload: { message: 'I need help now' },
    });
    expect(urgent.res.statusCode).toBe(201);
    expect(urgent.body.crisisLines).toEqual(lines);
  });
});
