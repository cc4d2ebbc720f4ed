// Development only (never registered in production): `POST /dev/chat-messages?token=<chat token>` with
// {count} adds that many generated messages to the token's chat at once, written by its patient and its lead
// therapist in turn, after its last message, at most a second apart, ending now, everything marked read. The end-to-end tests build a
// 5,000-message conversation with it (sending them one by one would take minutes). Like /dev/server-status,
// it is test scaffolding, not product: the contract has no bulk import.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loopbackOnly } from '../../http/caching.ts';
import { HttpError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { publishChatEvent } from '../../realtime/bus.ts';
import { loadSession } from './service.ts';
import { invalidToken, verifyChatToken } from './tokens.ts';

export const DEV_CHAT_MESSAGES_PATH = '/dev/chat-messages';
const MAX = 10_000;

export function registerChatFixtures(app: FastifyInstance, deps: AppDeps): void {
  if (deps.config.isProduction) return;
  app.post(DEV_CHAT_MESSAGES_PATH, { onRequest: loopbackOnly }, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const count = (request.body as { count?: unknown } | undefined)?.count;
    if (typeof token !== 'string' || !token) throw invalidToken('Send the chat token as ?token=.');
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > MAX) {
      throw new HttpError(400, 'invalid_request', `Send {count: 1 to ${MAX}}.`, {
        fields: { count: `must be 1 to ${MAX}` },
      });
    }
    const claims = await verifyChatToken(deps.db, deps.config, token);
    const session = await loadSession(deps.db, claims.sessionId);
    if (!session || session.status === 'ended')
      throw new HttpError(409, 'chat_ended', 'This chat has ended.');
    const writers = [session.patient_id, session.therapist_id].filter((id): id is string => Boolean(id));
    const now = Date.now();
    // After the chat's last message, at most a second apart, ending now.
    const latest = await deps.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('session_id', '=', session.id)
      .executeTakeFirst();
    const start = Math.max(
      latest?.at ? new Date(latest.at as Date | string).getTime() + 1 : 0,
      now - count * 1000,
    );
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      session_id: session.id,
      sender_id: writers[i % writers.length]!,
      body: `Message ${i + 1} of ${count}`,
      created_at: new Date(start + Math.floor(((i + 1) * (now - start)) / count)),
      edited_at: null,
      message_key: `fixture-${now}-${i}`,
    }));
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('chat_messages')
          .values(rows.slice(i, i + 1000))
          .execute();
      await trx
        .updateTable('chat_participants')
        .set({ last_read_at: new Date(now) })
        .where('session_id', '=', session.id)
        .execute();
      await trx
        .updateTable('chat_sessions')
        .set({ last_activity_at: new Date(now) })
        .where('id', '=', session.id)
        .execute();
    });
    await publishChatEvent(deps.db, { t: 'session', s: session.id });
    return reply.code(201).send({ chatSessionId: session.id, added: count });
  });
}
