// listTherapistChatsV2's unreadTotal: the caller's unread messages across every open chat they take part in,
// answered with every page (a chat beyond the first page counts), chats they left or that ended do not.
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { callContract, type TestApp } from '../../../test/helpers.ts';
import { as, chatTestApp } from '../chats/test-support.ts';
import { insertChatsWithTherapist1, insertPatientsBeside } from '../../../test/keyset.ts';

const ids = ['uchat-0', 'uchat-1', 'uchat-2', 'uchat-left', 'uchat-ended'];

/** Therapist-1 has read the sessions up to `at`. */
const readUpTo = (db: Db, sessionIds: string[], at: RawBuilder<Date>) =>
  db
    .updateTable('chat_participants')
    .set({ last_read_at: at })
    .where('user_id', '=', 'therapist-1')
    .where('session_id', 'in', sessionIds)
    .execute();

const chat = chatTestApp(async (t) => {
  await insertPatientsBeside(t.db, 'therapist-1', ids, { first_name: 'Una', last_name: 'Read' });
  await insertChatsWithTherapist1(t.db, ids, (id, i) => ({
    status: id === 'uchat-ended' ? 'ended' : 'active',
    // uchat-0 the latest activity (the first page), uchat-2 the oldest.
    last_activity_at: sql<Date>`timestamptz '2026-03-01 11:00:00+00' - ${i} * interval '1 minute'`,
  }));
  // (A session's therapist may already take part by the session's insert: read and left are set after.)
  await readUpTo(
    t.db,
    ids.map((id) => `s-${id}`),
    sql<Date>`timestamptz '2026-03-01 10:30:00+00'`,
  );
  await t.db
    .updateTable('chat_participants')
    .set({ left_at: sql<Date>`timestamptz '2026-03-01 10:40:00+00'` })
    .where('user_id', '=', 'therapist-1')
    .where('session_id', '=', 's-uchat-left')
    .execute();
  // Per chat: one message before my last read (read), `unread` after it from the patient, one after it of mine.
  const unread: Record<string, number> = {
    'uchat-0': 1,
    'uchat-1': 0,
    'uchat-2': 3,
    'uchat-left': 4,
    'uchat-ended': 5,
  };
  let n = 0;
  const message = (id: string, sender: string, minute: number) => ({
    id: `m-${id}-${n++}`,
    session_id: `s-${id}`,
    sender_id: sender,
    body: 'Hello',
    created_at: sql<Date>`timestamptz '2026-03-01 10:00:00+00' + ${minute} * interval '1 minute'`,
  });
  await t.db
    .insertInto('chat_messages')
    .values(
      ids.flatMap((id) => [
        message(id, id, 10),
        ...Array.from({ length: unread[id]! }, (_, i) => message(id, id, 35 + i)),
        message(id, 'therapist-1', 50),
      ]),
    )
    .execute();
});
let t: TestApp;
beforeAll(() => ({ t } = chat));

const get = (url: string, user = 'therapist') =>
  callContract(t.app, 'listTherapistChatsV2', as(user, { method: 'GET', url }));

const mine = (items: Array<{ session: { chatSessionId: string }; unreadCount: number }>) =>
  items.filter((i) => i.session.chatSessionId.startsWith('s-uchat-'));

describe("the therapist's unread total", () => {
  it('counts every open chat of mine on every page, not the ones I left or that ended', async () => {
    const whole = await get('/therapist/v2/chats');
    expect(whole.res.statusCode).toBe(200);
    const all = whole.body.items as Array<{ session: { chatSessionId: string }; unreadCount: number }>;
    expect(mine(all).map((i) => [i.session.chatSessionId, i.unreadCount])).toEqual([
      ['s-uchat-0', 1],
      ['s-uchat-1', 0],
      ['s-uchat-2', 3],
    ]);
    // Every open chat's unread count (the seed's own chats too), and no more.
    const sum = all.reduce((s, i) => s + i.unreadCount, 0);
    expect(whole.body.unreadTotal).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(4);

    const first = await get('/therapist/v2/chats?limit=1');
    expect(first.res.statusCode).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.unreadTotal).toBe(sum);
    const next = await get(
      `/therapist/v2/chats?limit=1&paginationCursor=${encodeURIComponent(first.body.paginationCursor)}`,
    );
    expect(next.body.unreadTotal).toBe(sum);
  });

  it('falls as I read a chat beyond the first page, and is 0 for a therapist without chats', async () => {
    const before = (await get('/therapist/v2/chats?limit=1')).body.unreadTotal as number;
    await readUpTo(t.db, ['s-uchat-2'], sql<Date>`timestamptz '2026-03-01 12:00:00+00'`);
    const after = await get('/therapist/v2/chats?limit=1');
    expect(
      (after.body.items as Array<{ session: { chatSessionId: string } }>)[0]!.session.chatSessionId,
    ).not.toBe('s-uchat-2');
    expect(after.body.unreadTotal).toBe(before - 3);
    const other = await get('/therapist/v2/chats?limit=5', 'therapist2');
    expect(other.res.statusCode).toBe(200);
    expect(other.body.unreadTotal).toBe(0);
  });
});
