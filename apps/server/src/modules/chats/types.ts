// The chat domain's types (sessions, messages, participants, as stored and as the contract shows them) and the
// transport flag. See service.ts for the whole.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { ChatParticipantRole } from '../../db/tables/chat.ts';
import type { ChatMessagesTable, ChatSessionsTable } from '../../db/tables/core.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';

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

/** A chat session as stored: every column of chat_sessions, as read. */
export type SessionRow = Selectable<ChatSessionsTable>;

/** A chat message as stored: every column of chat_messages, as read. */
export type MessageRow = Selectable<ChatMessagesTable>;

export type ParticipantRow = {
  session_id: string;
  user_id: string;
  role: ChatParticipantRole;
  joined_at: Date;
  left_at: Date | null;
  last_read_at: Date | null;
};

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

/** The stored transport as the contract's flag: everything but `poll` (legacy `sse` included) streams. */
export function transportOf(stored: string | null): ChatTransport {
  return stored === 'poll' ? 'poll' : 'stream';
}

/** The chat-transport query flag of an operation (the contract defaults it to `stream`). */
export function transportFlag(ctx: HandlerContext): ChatTransport {
  return ctx.query.chatTransport === 'poll' ? 'poll' : 'stream';
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
