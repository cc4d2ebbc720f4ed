/**
 * The events of a chat's live stream (server-sent events, apps/server/src/modules/chats/README.md), parsed
 * and checked against the contract's schemas (the generated zod): anything malformed is dropped, never shown.
 *
 * | event | data |
 * |---|---|
 * | ready, session | the ChatSession (after accept, invite, hand-over, leave, end, emergency) |
 * | message, message-edited | a ChatMessage; `id:` is the epoch ms of its creation or edit (Last-Event-ID) |
 * | read | {chatSessionId, userId, readAt} |
 * | ended | the chat ended or I left it: the stream closes |
 * | revoked | my chat tokens were revoked: the stream closes |
 * | expired | the token expired: a new token, then reconnect |
 * | restart | the server instance is restarting: reconnect (after its retry hint), not an error |
 */
import type { ChatMessage, ChatSession } from '@tend/api/model';
import { acceptChatRequest200Response, editChatMessage200Response } from '@tend/api/zod-responses/chats';
import { z } from 'zod';

export type ChatStreamEvent =
  | { type: 'ready'; session: ChatSession }
  | { type: 'session'; session: ChatSession }
  | { type: 'message'; message: ChatMessage; id: string | null }
  | { type: 'message-edited'; message: ChatMessage; id: string | null }
  | { type: 'read'; userId: string; readAt: string }
  | { type: 'ended' }
  | { type: 'revoked' }
  | { type: 'expired' }
  | { type: 'restart'; retryMs: number | undefined };

/** The event names the client listens to (EventSource needs each name). */
export const STREAM_EVENTS = [
  'ready',
  'session',
  'message',
  'message-edited',
  'read',
  'ended',
  'revoked',
  'expired',
  'restart',
] as const;

const readSchema = z.object({ userId: z.string().min(1), readAt: z.iso.datetime({ offset: true }) });
const restartSchema = z
  .object({ retryMs: z.number().nonnegative().optional(), retry: z.number().nonnegative().optional() })
  .loose();

function json(data: string): unknown {
  if (!data) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** A numeric event id (epoch ms), or null. */
export function eventId(id: string | null | undefined): string | null {
  return id && /^\d{1,15}$/.test(id) ? id : null;
}

/** One event of the stream, or null for an unknown name or data that does not follow the contract. */
export function parseStreamEvent(name: string, data: string, id?: string | null): ChatStreamEvent | null {
  const value = json(data);
  switch (name) {
    case 'ready':
    case 'session': {
      const parsed = acceptChatRequest200Response.safeParse(value);
      return parsed.success ? { type: name, session: parsed.data as ChatSession } : null;
    }
    case 'message':
    case 'message-edited': {
      const parsed = editChatMessage200Response.safeParse(value);
      return parsed.success ? { type: name, message: parsed.data as ChatMessage, id: eventId(id) } : null;
    }
    case 'read': {
      const parsed = readSchema.safeParse(value);
      return parsed.success ? { type: 'read', userId: parsed.data.userId, readAt: parsed.data.readAt } : null;
    }
    case 'ended':
    case 'revoked':
    case 'expired':
      return { type: name };
    case 'restart': {
      const parsed = restartSchema.safeParse(value);
      const hint = parsed.success ? (parsed.data.retryMs ?? parsed.data.retry) : undefined;
      return { type: 'restart', retryMs: hint };
    }
    default:
      return null;
  }
}

/** How far before the last event a reconnection resumes: events can commit out of order; duplicates are dropped by key. */
export const RESUME_OVERLAP_MS = 5000;

/** The Last-Event-ID to reconnect with: a little before the newest event seen, or null for none. */
export function resumeFrom(lastEventId: string | null): string | null {
  if (!lastEventId) return null;
  return String(Math.max(0, Number(lastEventId) - RESUME_OVERLAP_MS));
}

/** The later of two event ids. */
export function laterId(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Number(b) > Number(a) ? b : a;
}
