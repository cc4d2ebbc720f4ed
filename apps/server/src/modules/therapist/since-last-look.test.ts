// "Since you last looked": what is new in a patient's record for each therapist of their care team
// (getSinceLastLook), marking it seen (markRecordSeen) and the caseload row's hasNew.
import { describe, expect, it } from 'vitest';
import { PATIENT_A, careTeamRow, careTestApp, openChatOfA } from '../patients/care-test-app.ts';
import { screeningBody } from '../../../test/screening.ts';

const { t, op } = careTestApp();

interface Summary {
  patientId: string;
  lastSeenAt: string | null;
  since: string;
  until: string;
  hasNew: boolean;
  moments: Array<{ eventType: string; count: number }>;
  screenings: Array<Record<string, unknown>>;
  riskEvents: Array<Record<string, unknown>>;
  riskEventCount: number;
  messages: { new: number; unread: number };
}

async function summary(user = 'therapist', patientId = PATIENT_A): Promise<Summary> {
  const { res, body } = await op(user, 'getSinceLastLook', { params: { patientId } });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body as Summary;
}

async function seen(upTo: string, user = 'therapist', patientId = PATIENT_A) {
  const { res, body } = await op(user, 'markRecordSeen', { params: { patientId }, payload: { upTo } });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body as { patientId: string; seenAt: string; hasNew: boolean };
}

async function rowHasNew(patientId = PATIENT_A, user = 'therapist') {
  const { res, body } = await op(user, 'listAssignedPatients', { query: { limit: '100' } });
  expect(res.statusCode).toBe(200);
  return (body as { items: Array<{ patientId: string; hasNew: boolean }> }).items.find(
    (p) => p.patientId === patientId,
  )!.hasNew;
}

let seq = 0;
const add = (eventType: string, body: Record<string, unknown>, start = Date.now(), user = 'patient') => {
  seq += 1;
  return op(user, 'addMoment', {
    query: { eventType },
    payload: { momentId: `sll-${seq}`, eventType, start, end: start, body },
  });
};
const phq9 = (items: number[], start: number) => add('phq9', screeningBody('phq9', items), start);
const HOUR = 3_600_000;

describe('since you last looked', () => {
  it('before the first look counts from joining the care team; marking seen starts afresh', async () => {
    const first = await summary();
    expect(first.lastSeenAt).toBeNull();
    const joined = await careTeamRow(t.db, PATIENT_A, 'therapist-1');
    expect(first.since).toBe(new Date(joined!.created_at).toISOString());
    const marked = await seen(first.until);
    expect(marked.seenAt).toBe(first.until);
    // Reading changes nothing: the same summary until it is marked seen.
    const again = await summary();
    expect(again.lastSeenAt).toBe(first.until);
    expect(again.since).toBe(first.until);
    expect(again.hasNew).toBe(false);
    expect(again.moments).toEqual([]);
    expect(await rowHasNew()).toBe(false);
  });

  it('lists the patient’s moments by kind and each screening with its band and reliable change', async () => {
    const base = await summary();
    await seen(base.until);
    const now = Date.now();
    // An earlier PHQ-9 (before the last look) is the one the first new one is compared with.
    await t.db
      .insertInto('moments')
      .values({
        id: 'sll-old-phq9',
        patient_id: PATIENT_A,
        event_type: 'phq9',
        body: JSON.stringify({ items: [1, 1, 1, 1, 0, 0, 0, 0, 0], total: 4, severity: 'minimal' }) as never,
        start_at: new Date(now - 48 * HOUR),
        end_at: new Date(now - 48 * HOUR),
        created_by: PATIENT_A,
        created_at: new Date(now - 48 * HOUR),
        updated_at: new Date(now - 48 * HOUR),
      })
      .execute();
    expect((await add('checkup', { mood: 2 })).res.statusCode).toBe(201);
    expect((await add('checkup', { mood: 3 })).res.statusCode).toBe(201);
    expect((await add('journal', { text: 'A hard week.' })).res.statusCode).toBe(201);
    // 4 → 12: reliable deterioration (6 points or more), into the moderate band.
    expect((await phq9([2, 2, 1, 1, 1, 1, 2, 1, 1], now - 2 * HOUR)).res.statusCode).toBe(201);
    // 12 → 10: no reliable change.
    expect((await phq9([2, 1, 1, 1, 1, 1, 2, 1, 0], now - HOUR)).res.statusCode).toBe(201);
    // A moment the therapist wrote is not news to the patient's therapists.
    expect(
      (
        await op('therapist2', 'createPatientNote', {
          params: { patientId: PATIENT_A },
          query: { note: 'Seen in clinic.' },
          payload: {},
        })
      ).res.statusCode,
    ).toBeLessThan(300);

    const s = await summary();
    expect(s.hasNew).toBe(true);
    expect(s.lastSeenAt).toBe(base.until);
    expect(s.moments).toEqual([
      { eventType: 'checkup', count: 2 },
      { eventType: 'phq9', count: 2 },
      { eventType: 'journal', count: 1 },
    ]);
    expect(s.screenings).toHaveLength(2);
    expect(s.screenings[0]).toMatchObject({
      type: 'phq9',
      total: 10,
      band: 'moderate',
      item9: 0,
      previousTotal: 12,
      previousBand: 'moderate',
      change: 'no-reliable-change',
      delta: -2,
      reliableRecovery: false,
    });
    expect(s.screenings[1]).toMatchObject({
      total: 12,
      band: 'moderate',
      item9: 1,
      previousTotal: 4,
      previousBand: 'minimal',
      change: 'reliable-deterioration',
      delta: 8,
    });
    expect(await rowHasNew()).toBe(true);
    // Another therapist of the care team has their own last look.
    expect(await rowHasNew(PATIENT_A, 'therapist2')).toBe(true);

    // Marked seen up to the summary shown: the row's marker clears; the other therapist's stays.
    const marked = await seen(s.until);
    expect(marked.hasNew).toBe(false);
    expect(await rowHasNew()).toBe(false);
    expect(await rowHasNew(PATIENT_A, 'therapist2')).toBe(true);
    expect((await summary()).hasNew).toBe(false);
  });

  it('keeps what arrived after the summary was read new, and never moves the last look back', async () => {
    const s = await summary();
    await add('checkup', { mood: 4 });
    const marked = await seen(s.until);
    expect(marked.hasNew).toBe(true);
    expect(await rowHasNew()).toBe(true);
    const next = await summary();
    expect(next.moments).toEqual([{ eventType: 'checkup', count: 1 }]);
    // An older instant leaves the last look where it is; a future one counts as now.
    expect((await seen(new Date(Date.now() - 24 * HOUR).toISOString())).seenAt).toBe(s.until);
    const future = await seen(new Date(Date.now() + 24 * HOUR).toISOString());
    expect(new Date(future.seenAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(future.hasNew).toBe(false);
    expect(await rowHasNew()).toBe(false);
  });

  it('counts risk flag changes by others (not the caller’s own) and messages from others in the caller’s chats', async () => {
    await seen((await summary()).until);
    await seen((await summary('therapist2')).until, 'therapist2');
    // The caller's own change is not news to them; it is to the other therapist.
    const flag = await op('therapist', 'setPatientHighRisk', {
      params: { patientId: PATIENT_A },
      payload: { highRisk: true, reason: 'Said so in session.' },
    });
    expect(flag.res.statusCode).toBe(200);
    expect((await summary()).riskEventCount).toBe(0);
    expect(await rowHasNew()).toBe(false);
    const other = await summary('therapist2');
    expect(other.riskEventCount).toBe(1);
    expect(other.riskEvents[0]).toMatchObject({
      highRisk: true,
      source: 'therapist',
      reason: 'Said so in session.',
    });
    const cleared = await op('therapist2', 'setPatientHighRisk', {
      params: { patientId: PATIENT_A },
      payload: { highRisk: false, reason: 'Safer now.' },
    });
    expect(cleared.res.statusCode).toBe(200);
    const mine = await summary();
    expect(mine.riskEventCount).toBe(1);
    expect(mine.riskEvents[0]).toMatchObject({ highRisk: false, source: 'therapist' });
    await seen(mine.until);

    await openChatOfA(t.db, 'sll-chat');
    await t.db
      .updateTable('chat_participants')
      .set({ last_read_at: new Date() })
      .where('session_id', '=', 'sll-chat')
      .where('user_id', '=', 'therapist-1')
      .execute();
    await new Promise((r) => setTimeout(r, 5));
    await t.db
      .insertInto('chat_messages')
      .values([
        { id: 'sll-m1', session_id: 'sll-chat', sender_id: PATIENT_A, body: 'Are you there?' },
        { id: 'sll-m2', session_id: 'sll-chat', sender_id: 'therapist-1', body: 'Yes.' },
      ])
      .execute();
    const chat = await summary();
    expect(chat.messages.new).toBe(1);
    expect(chat.messages.unread).toBeGreaterThanOrEqual(1);
    expect(chat.hasNew).toBe(true);
    expect(await rowHasNew()).toBe(true);
    // Not the other therapist's chat: nothing new there for them beyond what they had.
    expect((await summary('therapist2')).messages.new).toBe(0);
    await seen(chat.until);
    expect(await rowHasNew()).toBe(false);
  });

  it('is only for the patient’s care team', async () => {
    const params = { patientId: PATIENT_A };
    for (const user of ['therapist3', 'patient', 'admin']) {
      const read = await op(user, 'getSinceLastLook', { params });
      expect(read.res.statusCode, user).toBe(403);
      const mark = await op(user, 'markRecordSeen', { params, payload: { upTo: new Date().toISOString() } });
      expect(mark.res.statusCode, user).toBe(403);
    }
    expect(await op.status(null, 'getSinceLastLook', { params })).toBe(401);
    const bad = await op('therapist', 'markRecordSeen', { params, payload: { upTo: 'yesterday' } });
    expect(bad.res.statusCode).toBe(400);
    expect(await op.status('therapist', 'getSinceLastLook', { params: { patientId: 'patient-99' } })).toBe(
      403,
    );
  });
});
