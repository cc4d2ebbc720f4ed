// The chat domain shared by the chat modules (patient-chat, chats, therapist-chat, admin-chat) and the
// live stream: sessions and requests, participants, messages, read state, and who may see what.
//
// A chat request is a chat session in status `requested` (its id is the requestId); accepting it makes it
// `active` (the contract's `open`); ending it makes it `ended`. The patient's opening message is the
// request's message and the session's first chat message.
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { ChatParticipantRole } from '../../db/tables/chat.ts';
import { retryOnConflict } from '../../db/conflicts.ts';
import { HttpError, notFound, unauthenticated } from '../../http/errors.ts';
import type { AuthUser, HandlerContext } from '../../http/types.ts';
import { publishChatEvent, type ChatEvent } from '../../realtime/bus.ts';

export type Tx = Db | Transaction<Database>;
export type ChatTransport = 'stream' | 'poll';

export interface ChatMessageView {
  chatMessageKey: string;
  chatSessionId: string;
  senderId: string;
  senderName: string;
  messageBody: string;
  sentAt: string;
  editedAt: string | null;
}

export interface ChatParticipantView {
  userId: string;
  name: string;
  role: ChatParticipantRole;
  leftAt: string | null;
  /** When the participant last marked the chat read: the read receipts of the apps. */
  lastReadAt: string | null;
}

export interface ChatSessionView {
  chatSessionId: string;
  patientId: string;
  patientName: string;
  status: 'open' | 'ended';
  chatTransport: ChatTransport;
  emergency: boolean;
  participants: ChatParticipantView[];
  startedAt: string;
  endedAt: string | null;
}

export interface ChatRequestView {
  requestId: string;
  patientId: string;
  patientName: string;
  message: string;
  emergency: boolean;
  chatTransport: ChatTransport;
  createdAt: string;
}

export type SessionRow = {
  id: string;
  patient_id: string;
  therapist_id: string | null;
  status: 'requested' | 'active' | 'ended';
  emergency: boolean;
  transport: string | null;
  created_at: Date;
  ended_at: Date | null;
  request_message: string | null;
  accepted_at: Date | null;
  last_activity_at: Date | null;
};

export type MessageRow = {
  id: string;
  session_id: string;
  sender_id: string;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  message_key: string | null;
};

type ParticipantRow = {
  session_id: string;
  user_id: string;
  role: ChatParticipantRole;
  joined_at: Date;
  left_at: Date | null;
  last_read_at: Date | null;
};

const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

/** The stored transport as the contract's flag: everything but `poll` (legacy `sse` included) streams. */
export function transportOf(stored: string | null): ChatTransport {
  return stored === 'poll' ? 'poll' : 'stream';
}

/** The chat-transport query flag of an operation (the contract defaults it to `stream`). */
export function transportFlag(ctx: HandlerContext): ChatTransport {
  return ctx.query.chatTransport === 'poll' ? 'poll' : 'stream';
}

export function currentUser(ctx: HandlerContext): AuthUser {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export const isTherapist = (user: AuthUser) =>
  user.scopes.includes('therapist') || user.scopes.includes('lead-therapist');
export const isPatient = (user: AuthUser) => user.scopes.includes('patient');

// ---------------------------------------------------------------------------------------------------------
// Names

/** Display names of patients and therapists by user id ("Unknown" for ids that are neither). */
export async function namesOf(db: Tx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  const names = new Map<string, string>();
  if (list.length === 0) return names;
  const [patients, therapists] = await Promise.all([
    db.selectFrom('patients').select(['id', 'first_name', 'last_name']).where('id', 'in', list).execute(),
    db.selectFrom('therapists').select(['id', 'first_name', 'last_name']).where('id', 'in', list).execute(),
  ]);
  for (const r of [...patients, ...therapists]) names.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return names;
}

// ---------------------------------------------------------------------------------------------------------
// Access

/** Whether the therapist is in the patient's care team (any role). */
export async function inCareTeam(db: Tx, therapistId: string, patientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('care_team')
    .select('patient_id')
    .where('patient_id', '=', patientId)
    .where('therapist_id', '=', therapistId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the therapist may see the patient's chats: care team, or a participant of one of them (invited). */
export async function therapistSeesPatient(db: Tx, therapistId: string, patientId: string): Promise<boolean> {
  if (await inCareTeam(db, therapistId, patientId)) return true;
  const row = await db
    .selectFrom('chat_participants as p')
    .innerJoin('chat_sessions as s', 's.id', 'p.session_id')
    .select('p.session_id')
    .where('s.patient_id', '=', patientId)
    .where('p.user_id', '=', therapistId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The organisations an admin administers, with every descendant (a child belongs to its parent's admins). */
export async function adminOrganisations(db: Tx, user: AuthUser): Promise<string[]> {
  const claims = (user.claims ?? {}) as { adminOf?: unknown };
  const roots = Array.isArray(claims.adminOf)
    ? claims.adminOf.filter((v): v is string => typeof v === 'string')
    : [];
  if (roots.length === 0) return [];
  const rows = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from organisations where id in (${sql.join(roots)})
      union
      select o.id from organisations o join tree t on o.parent_id = t.id
    )
    select id from tree`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** The root organisation of an organisation (following parent_id). */
async function rootOrganisation(db: Tx, organisationId: string): Promise<string> {
  const rows = await sql<{ id: string; parent_id: string | null }>`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from organisations where id = ${organisationId}
      union all
      select o.id, o.parent_id, u.depth + 1 from organisations o join up u on o.id = u.parent_id where u.depth < 32
    )
    select id, parent_id from up where parent_id is null`.execute(db);
  return rows.rows[0]?.id ?? organisationId;
}

/** A therapist may join a patient's chat when both belong to the same organisation tree. */
export async function therapistEligibleFor(
  db: Tx,
  therapistId: string,
  patientId: string,
): Promise<'missing' | 'ineligible' | 'eligible'> {
  const [therapist, patient] = await Promise.all([
    db.selectFrom('therapists').select('organisation_id').where('id', '=', therapistId).executeTakeFirst(),
    db.selectFrom('patients').select('organisation_id').where('id', '=', patientId).executeTakeFirst(),
  ]);
  if (!therapist) return 'missing';
  if (!patient) return 'ineligible';
  const [a, b] = await Promise.all([
    rootOrganisation(db, therapist.organisation_id),
    rootOrganisation(db, patient.organisation_id),
  ]);
  return a === b ? 'eligible' : 'ineligible';
}

// ---------------------------------------------------------------------------------------------------------
// Loading and views

const sessionColumns = [
  'id',
  'patient_id',
  'therapist_id',
  'status',
  'emergency',
  'transport',
  'created_at',
  'ended_at',
  'request_message',
  'accepted_at',
  'last_activity_at',
] as const;

export async function loadSession(db: Tx, sessionId: string): Promise<SessionRow | undefined> {
  return db.selectFrom('chat_sessions').select(sessionColumns).where('id', '=', sessionId).executeTakeFirst();
}

/** The patient's open chat or pending request (at most one, by a unique index). */
export async function openSessionOf(db: Tx, patientId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('chat_sessions')
    .select(sessionColumns)
    .where('patient_id', '=', patientId)
    .where('status', '<>', 'ended')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function sessionsQuery(db: Tx) {
  return db.selectFrom('chat_sessions').select(sessionColumns);
}

export async function participantsOf(db: Tx, sessionIds: string[]): Promise<ParticipantRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('chat_participants')
    .select(['session_id', 'user_id', 'role', 'joined_at', 'left_at', 'last_read_at'])
    .where('session_id', 'in', sessionIds)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

export async function participantOf(
  db: Tx,
  sessionId: string,
  userId: string,
): Promise<ParticipantRow | undefined> {
  return db
    .selectFrom('chat_participants')
    .select(['session_id', 'user_id', 'role', 'joined_at', 'left_at', 'last_read_at'])
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

const messageColumns = [
  'id',
  'session_id',
  'sender_id',
  'body',
  'created_at',
  'edited_at',
  'message_key',
] as const;

export async function messagesOf(db: Tx, sessionIds: string[]): Promise<MessageRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('chat_messages')
    .select(messageColumns)
    .where('session_id', 'in', sessionIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The position of a message in a page listing: its creation instant and row id (ties broken by id). */
export interface MessageCursor {
  at: Date;
  id: string;
}

/** `paginationCursor` of listChatMessages: `<epoch ms>_<row id>` of the oldest message of the newer page. */
export function encodeMessageCursor(row: Pick<MessageRow, 'created_at' | 'id'>): string {
  return `${new Date(row.created_at).getTime()}_${row.id}`;
}

export function decodeMessageCursor(text: string): MessageCursor | null {
  const match = /^(\d{1,15})_([A-Za-z0-9-]{1,64})$/.exec(text);
  return match ? { at: new Date(Number(match[1])), id: match[2]! } : null;
}

/**
 * One page of a session's messages going back in time: the `limit` messages before `before` (the newest
 * when absent), in the order they were sent, and whether older ones exist.
 */
export async function messagePage(
  db: Tx,
  sessionId: string,
  before: MessageCursor | null,
  limit: number,
): Promise<{ rows: MessageRow[]; older: boolean }> {
  let query = db.selectFrom('chat_messages').select(messageColumns).where('session_id', '=', sessionId);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.at),
        eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const older = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse(), older };
}

/** A message by its key in a session (rows written without a client key are keyed by their id). */
export async function messageByKey(db: Tx, sessionId: string, key: string): Promise<MessageRow | undefined> {
  return db
    .selectFrom('chat_messages')
    .select(messageColumns)
    .where('session_id', '=', sessionId)
    .where((eb) =>
      eb.or([eb('message_key', '=', key), eb.and([eb('message_key', 'is', null), eb('id', '=', key)])]),
    )
    .executeTakeFirst();
}

export function messageView(row: MessageRow, names: Map<string, string>): ChatMessageView {
  return {
    chatMessageKey: row.message_key ?? row.id,
    chatSessionId: row.session_id,
    senderId: row.sender_id,
    senderName: names.get(row.sender_id) ?? 'Unknown',
    messageBody: row.body,
    sentAt: iso(row.created_at)!,
    editedAt: iso(row.edited_at),
  };
}

function sessionViewOf(
  row: SessionRow,
  participants: ParticipantRow[],
  names: Map<string, string>,
): ChatSessionView {
  return {
    chatSessionId: row.id,
    patientId: row.patient_id,
    patientName: names.get(row.patient_id) ?? 'Unknown',
    status: row.status === 'ended' ? 'ended' : 'open',
    chatTransport: transportOf(row.transport),
    emergency: row.emergency,
    participants: participants.map((p) => ({
      userId: p.user_id,
      name: names.get(p.user_id) ?? 'Unknown',
      role: p.role,
      leftAt: iso(p.left_at),
      lastReadAt: iso(p.last_read_at),
    })),
    startedAt: iso(row.accepted_at ?? row.created_at)!,
    endedAt: iso(row.ended_at),
  };
}

/** Sessions as the contract's ChatSession, in the given order. */
export async function sessionViews(db: Tx, rows: SessionRow[]): Promise<ChatSessionView[]> {
  const participants = await participantsOf(
    db,
    rows.map((r) => r.id),
  );
  const names = await namesOf(db, [...rows.map((r) => r.patient_id), ...participants.map((p) => p.user_id)]);
  return rows.map((r) =>
    sessionViewOf(
      r,
      participants.filter((p) => p.session_id === r.id),
      names,
    ),
  );
}

export async function sessionView(db: Tx, row: SessionRow): Promise<ChatSessionView> {
  return (await sessionViews(db, [row]))[0]!;
}

/** Sessions with their messages: the contract's ChatHistory. */
export async function historyOf(
  db: Tx,
  rows: SessionRow[],
): Promise<{ sessions: Array<ChatSessionView & { messages: ChatMessageView[] }> }> {
  const views = await sessionViews(db, rows);
  const messages = await messagesOf(
    db,
    rows.map((r) => r.id),
  );
  const names = await namesOf(
    db,
    messages.map((m) => m.sender_id),
  );
  return {
    sessions: views.map((v) => ({
      ...v,
      messages: messages.filter((m) => m.session_id === v.chatSessionId).map((m) => messageView(m, names)),
    })),
  };
}

/** Requests as the contract's ChatRequest, in the given order. */
export async function requestViews(db: Tx, rows: SessionRow[]): Promise<ChatRequestView[]> {
  const names = await namesOf(
    db,
    rows.map((r) => r.patient_id),
  );
  return rows.map((row) => ({
    requestId: row.id,
    patientId: row.patient_id,
    patientName: names.get(row.patient_id) ?? 'Unknown',
    message: row.request_message ?? '',
    emergency: row.emergency,
    chatTransport: transportOf(row.transport),
    createdAt: iso(row.created_at)!,
  }));
}

export async function requestView(db: Tx, row: SessionRow): Promise<ChatRequestView> {
  return (await requestViews(db, [row]))[0]!;
}

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
  await db
    .updateTable('chat_participants')
    .set({ last_read_at: readAt })
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .execute();
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

/** 404 with the contract's Error body (never saying whether the thing exists for someone else). */
export const noSuchChat = () => notFound('There is no such chat.');
export const chatConflict = (code: string, message: string) => new HttpError(409, code, message);

/** Crisis lines shown with an emergency request: the organisation's own (details.crisisLines) or these. */
export const DEFAULT_CRISIS_LINES = [
  { name: 'Emergency services', phone: '999', country: 'GB' },
  { name: 'Samaritans (24 hours, free)', phone: '116 123', url: 'https://www.samaritans.org', country: 'GB' },
  {
    name: 'NHS 111, option 2 (mental health crisis)',
    phone: '111',
    url: 'https://111.nhs.uk',
    country: 'GB',
  },
  { name: 'European emergency number', phone: '112' },
] as const;
