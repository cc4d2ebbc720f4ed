// Contract tag `chats` (shared chat calls): chat tokens of therapists, unread counts, invite, hand over,
// end, leave, claim lead, send or edit a message, mark as read. The therapist's chat lists and requests are
// in ../therapist-chat, the patient's calls in ../patient-chat, the admin lookup in ../admin-chat. The live
// stream (a non-contract route) is registered by `register` below: see ./README.md. The calls that change who
// takes part (invite, hand over, end, leave, claim lead) are in ./care-team-handlers.ts.
import { badRequest, forbidden } from '../../http/errors.ts';
import { envLimit } from '../../http/rate-limits.ts';
import type { Handlers, HandlerContext, RateLimit } from '../../http/types.ts';
import {
  change,
  chatConflict,
  currentUser,
  inCareTeam,
  insertMessage,
  isPatient,
  isTherapist,
  loadSession,
  markRead,
  messageByKey,
  messagePage,
  decodeMessageCursor,
  encodeMessageCursor,
  messageView,
  namesOf,
  noSuchChat,
  participantOf,
  unreadCounts,
  type SessionRow,
  type Tx,
} from './service.ts';
import { careTeamHandlers } from './care-team-handlers.ts';
import { registerChatStream } from './stream.ts';
import { issueChatToken, revokeCallerChatTokens } from './tokens.ts';

export { registerChatStream as register };

/**
 * The session as the caller may use it: the patient's own, or one the therapist takes part in. Sessions
 * of patients the caller cannot see answer 404; a visible session the caller is not part of answers 403.
 */
async function sessionForCaller(
  ctx: HandlerContext,
  db: Tx,
  sessionId: string,
): Promise<{ session: SessionRow; active: boolean }> {
  const user = currentUser(ctx);
  const session = await loadSession(db, sessionId);
  if (!session) throw noSuchChat();
  if (session.patient_id === user.uid && isPatient(user))
    return { session, active: session.status !== 'ended' };
  const participant = isTherapist(user) ? await participantOf(db, session.id, user.uid) : undefined;
  if (participant) return { session, active: participant.left_at === null && session.status === 'active' };
  if (isTherapist(user) && (await inCareTeam(db, user.uid, session.patient_id)))
    throw forbidden('You do not take part in this chat.');
  throw noSuchChat();
}

export const handlers: Handlers = {
  ...careTeamHandlers,
  getChatToken: async (_request, ctx) => {
    const user = currentUser(ctx);
    const sessionId = String(ctx.query.chatRoomId);
    const { session, active } = await sessionForCaller(ctx, ctx.db, sessionId);
    if (!active)
      throw forbidden(
        session.status === 'ended' ? 'This chat has ended.' : 'You no longer take part in this chat.',
      );
    return issueChatToken(ctx.db, ctx.config, user.uid, session.id);
  },

  revokeChatTokens: revokeCallerChatTokens,

  getUnreadMessageCounts: async (_request, ctx) => {
    const user = currentUser(ctx);
    const raw = ctx.query.channelIds;
    const ids = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
    return { counts: await unreadCounts(ctx.db, user.uid, ids) };
  },

  editChatMessage: async (_request, ctx) => {
    const user = currentUser(ctx);
    const sessionId = String(ctx.params.chatSessionId);
    const key = String(ctx.params.chatMessageKey);
    const text = String((ctx.body as { messageBody: string }).messageBody);
    if (text.trim().length === 0)
      throw badRequest('Write a message first.', { fields: { messageBody: 'is blank' } });
    return change(ctx.db, async (trx, events) => {
      const { session, active } = await sessionForCaller(ctx, trx, sessionId);
      if (session.status === 'ended') throw chatConflict('chat_ended', 'This chat has ended.');
      if (!active) throw forbidden('You no longer take part in this chat.');
      const existing = await messageByKey(trx, session.id, key);
      const names = await namesOf(trx, [existing?.sender_id ?? user.uid]);
      if (existing) {
        if (existing.sender_id !== user.uid) throw forbidden('You can edit only your own messages.');
        if (existing.body === text) return messageView(existing, names);
        const editedAt = new Date();
        await trx
          .updateTable('chat_messages')
          .set({ body: text, edited_at: editedAt })
          .where('id', '=', existing.id)
          .execute();
        events.push({ t: 'edited', s: session.id, k: key });
        return messageView({ ...existing, body: text, edited_at: editedAt }, names);
      }
      const row = await insertMessage(trx, session.id, user.uid, key, text);
      events.push({ t: 'message', s: session.id, k: key });
      return messageView(row, names);
    });
  },

  listChatMessages: async (_request, ctx) => {
    const sessionId = String(ctx.params.chatSessionId);
    const raw = ctx.query.paginationCursor;
    const cursor = typeof raw === 'string' ? decodeMessageCursor(raw) : null;
    if (typeof raw === 'string' && !cursor)
      throw badRequest('This page cursor is not one the server gave.', {
        fields: { paginationCursor: 'is malformed' },
      });
    const limit = Number(ctx.query.limit ?? 50);
    // Read before the page, so a message sent meanwhile is at or after this instant (the stream resumes here).
    const readAt = Date.now();
    const { session } = await sessionForCaller(ctx, ctx.db, sessionId);
    const { rows, older } = await messagePage(ctx.db, session.id, cursor, limit);
    const names = await namesOf(
      ctx.db,
      rows.map((m) => m.sender_id),
    );
    return {
      items: rows.map((m) => messageView(m, names)),
      paginationCursor: older && rows[0] ? encodeMessageCursor(rows[0]) : null,
      lastEventId: String(readAt),
    };
  },

  markChatAsRead: async (_request, ctx) => {
    const user = currentUser(ctx);
    const sessionId = String(ctx.params.chatSessionId);
    return change(ctx.db, async (trx, events) => {
      const { session } = await sessionForCaller(ctx, trx, sessionId);
      const readAt = await markRead(trx, session.id, user.uid, events);
      return { chatSessionId: session.id, readAt: readAt.toISOString() };
    });
  },
};

/**
 * Sending is a PUT per message: a person types a few a minute, a runaway client many. Per client address,
 * twenty times higher outside production (envLimit), where end-to-end suites and benchmarks send from one.
 */
export const rateLimits: Record<string, RateLimit> = {
  editChatMessage: envLimit({ max: 120, timeWindow: 60_000 }),
};
