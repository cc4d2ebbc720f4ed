// Changing chats: a change retried on a write conflict, a new message, ending a session, read state and unread
// counts, each published to the live stream. See service.ts for the whole.
import { randomUUID } from 'node:crypto';
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { ChatParticipantsTable } from '../../db/tables/chat.ts';
import { retryOnConflict } from '../../db/conflicts.ts';
import { publishChatEvent, type ChatEvent } from '../../realtime/bus.ts';
import type { MessageRow, Tx } from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// Changes

/**
 * Runs fn in a transaction, then publishes the events it returned (after commit, so readers see the rows).
 * A run that hits a unique violation (the same message key, or a second open chat, sent twice at once) is
 * run again from the start (src/db/conflicts.ts): it then finds what the other committed and answers as a
 * sequential retry would, never a 500.
 */
export async function change<T>(
  db: Db,
  fn: (trx: Transaction<Database>, events: ChatEvent[]) => Promise<T>,
): Promise<T> {
  let events: ChatEvent[] = [];
  const result = await retryOnConflict(() => {
    events = [];
    return db.transaction().execute((trx) => fn(trx, events));
  });
  for (const event of events) await publishChatEvent(db, event);
  return result;
}

export async function touchSession(db: Tx, sessionId: string, at = new Date()): Promise<void> {
  await db.updateTable('chat_sessions').set({ last_activity_at: at }).where('id', '=', sessionId).execute();
}

/** Adds a message (the caller checked the sender may write here); the key must be new in the session. */
export async function insertMessage(
  db: Tx,
  sessionId: string,
  senderId: string,
  key: string,
  body: string,
  at = new Date(),
): Promise<MessageRow> {
  const row: MessageRow = {
    id: randomUUID(),
    session_id: sessionId,
    sender_id: senderId,
    body,
    created_at: at,
    edited_at: null,
    message_key: key,
  };
  await db.insertInto('chat_messages').values(row).execute();
  await touchSession(db, sessionId, at);
  return row;
}

/** Ends a session for everyone (no-op when it has ended). Returns whether it changed. */
export async function endSession(
  db: Tx,
  sessionId: string,
  events: ChatEvent[],
  at = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('chat_sessions')
    .set({ status: 'ended', ended_at: at, last_activity_at: at })
    .where('id', '=', sessionId)
    .where('status', '<>', 'ended')
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) events.push({ t: 'session', s: sessionId });
  return changed;
}

/** Changes one participant's row of a session (their role, when they joined or left, how far they read). */
export async function updateParticipant(
  db: Tx,
  sessionId: string,
  userId: string,
  changes: Updateable<ChatParticipantsTable>,
): Promise<void> {
  await db
    .updateTable('chat_participants')
    .set(changes)
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .execute();
}

/** Marks every message of the session read by the participant; returns the read instant. */
export async function markRead(
  db: Tx,
  sessionId: string,
  userId: string,
  events: ChatEvent[],
): Promise<Date> {
  const latest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  const now = new Date();
  const latestAt = latest?.latest ? new Date(latest.latest as Date | string) : null;
  const readAt = latestAt && latestAt > now ? latestAt : now;
  await updateParticipant(db, sessionId, userId, { last_read_at: readAt });
  events.push({ t: 'read', s: sessionId, u: userId, at: readAt.toISOString() });
  return readAt;
}

/** Unread messages per session for the user: others' messages after the user's read instant. */
export async function unreadCounts(
  db: Tx,
  userId: string,
  sessionIds: string[],
): Promise<Record<string, number>> {
  if (sessionIds.length === 0) return {};
  const rows = await db
    .selectFrom('chat_participants as p')
    .leftJoin('chat_messages as m', (join) =>
      join
        .onRef('m.session_id', '=', 'p.session_id')
        .on('m.sender_id', '<>', userId)
        .on((eb) =>
          eb.or([eb('p.last_read_at', 'is', null), eb('m.created_at', '>', eb.ref('p.last_read_at'))]),
        ),
    )
    .select(['p.session_id', (eb) => eb.fn.count<number>('m.id').as('unread')])
    .where('p.user_id', '=', userId)
    .where('p.session_id', 'in', sessionIds)
    .groupBy('p.session_id')
    .execute();
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.session_id] = Number(r.unread);
  return counts;
}
