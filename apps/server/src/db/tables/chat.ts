// Tables of the chat area (migration ../migrations/0005_chat_live.ts), beside the core's chat_sessions and
// chat_messages (whose new columns are declared here too and merged by interface in schema.ts).
import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

export type ChatParticipantRole = 'patient' | 'lead' | 'therapist' | 'invited' | 'handover';

/** Who takes part in a chat session, and how far each has read. */
export interface ChatParticipantsTable {
  session_id: string;
  user_id: string;
  role: ChatParticipantRole;
  joined_at: Timestamp;
  /** Set when the participant left (leave, handover): they no longer receive or send. */
  left_at: Timestamp | null;
  /** Every message created up to this instant counts as read by this participant. */
  last_read_at: Timestamp | null;
}

/** Chat tokens issued (HS256 JWTs; only their id is kept): the revocation list is `revoked_at`. */
export interface ChatTokensTable {
  jti: string;
  user_id: string;
  session_id: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** Who looked at whose chats outside the chat itself (admin lookups). */
export interface ChatAccessAuditTable {
  id: string;
  /** Null once the actor's account is erased (migration 0060). */
  actor_id: string | null;
  patient_id: string;
  action: string;
  created_at: Timestamp;
  /** Why (the safeguarding look-up's reason; migration 0060). */
  reason: string | null;
  /** The patient's organisation at the time of the look-up (migration 0060). */
  organisation_id: string | null;
}

// Columns 0005 adds to the core's chat tables, merged into the core's interfaces.
declare module './core.ts' {
  interface ChatSessionsTable {
    /** The patient's opening message of the request. */
    request_message: ColumnType<string | null, string | null | undefined, string | null>;
    accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** Last message or state change; null on rows written before it existed (read as created_at). */
    last_activity_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
  interface ChatMessagesTable {
    /** The client's key of the message (unique per session); null on rows keyed by id alone. */
    message_key: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

export interface ChatTables {
  chat_participants: ChatParticipantsTable;
  chat_tokens: ChatTokensTable;
  chat_access_audit: ChatAccessAuditTable;
}
