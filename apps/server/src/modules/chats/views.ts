// Loading chats and showing them: sessions, participants, messages and their keyset pages, and the views the
// contract returns. See service.ts for the whole.
import { namesOf } from './access.ts';
import {
  iso,
  transportOf,
  type ChatMessageView,
  type ChatRequestView,
  type ChatSessionView,
  type MessageRow,
  type ParticipantRow,
  type SessionRow,
  type Tx,
} from './types.ts';

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
