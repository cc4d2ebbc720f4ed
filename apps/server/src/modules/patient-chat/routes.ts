// Contract tag `patient-chat`: the calling patient's chat: request (and emergency request), state, chat
// token, end, history. The chat domain lives in ../chats/service.ts; see ../chats/README.md.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { envLimit } from '../../http/rate-limits.ts';
import type { HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import {
  DEFAULT_CRISIS_LINES,
  change,
  chatConflict,
  currentUser,
  endSession,
  historyOf,
  insertMessage,
  loadSession,
  openSessionOf,
  requestView,
  sessionsQuery,
  transportFlag,
  type ChatTransport,
  type Tx,
} from '../chats/service.ts';
import { issueChatToken, revokeCallerChatTokens } from '../chats/tokens.ts';
import { findPatient } from '../patients/access.ts';
import { setRisk } from '../patients/risk.ts';
import { mergedAppSettings, requireOffered } from '../organisations/offered.ts';

/** The caller's patient record (403 for a signed-in user who is not a patient of any organisation). */
async function patientOf(db: Tx, ctx: HandlerContext) {
  const patient = await findPatient(db, currentUser(ctx).uid);
  if (!patient) throw forbidden('Only patients of an organisation can chat with its therapists.');
  return patient;
}

/**
 * The crisis lines of the patient's organisation (its merged app settings' `crisisLines`, as the admin console
 * sets them, inherited from a parent organisation), else the default ones.
 */
async function crisisLines(db: Tx, organisationId: string) {
  const own = (await mergedAppSettings(db as Db, organisationId)).crisisLines;
  if (Array.isArray(own)) {
    const lines = own.filter(
      (l): l is { name: string; phone: string } =>
        typeof l === 'object' &&
        l !== null &&
        typeof (l as { name?: unknown }).name === 'string' &&
        typeof (l as { phone?: unknown }).phone === 'string',
    );
    if (lines.length > 0) return lines;
  }
  return DEFAULT_CRISIS_LINES.map((l) => ({ ...l }));
}

/**
 * A new chat request of the patient, made at `now`: the session waiting for a therapist, with the opening
 * message (when there is one) as its first message. Answers the session's id, which is the request's.
 */
async function insertRequest(
  trx: Tx,
  patientId: string,
  request: { emergency: boolean; transport: ChatTransport; message: string },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('chat_sessions')
    .values({
      id,
      patient_id: patientId,
      therapist_id: null,
      status: 'requested',
      emergency: request.emergency,
      transport: request.transport,
      request_message: request.message,
      created_at: now,
      last_activity_at: now,
    })
    .execute();
  if (request.message) await insertMessage(trx, id, patientId, `request-${id}`, request.message, now);
  return id;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const handlers: Handlers = {
  requestChat: async (_request, ctx) => {
    const message = String((ctx.body as { message: string }).message).trim();
    if (!message) throw badRequest('Write a message first.', { fields: { message: 'is blank' } });
    const transport = transportFlag(ctx);
    try {
      const view = await change(ctx.db, async (trx, events) => {
        const patient = await patientOf(trx, ctx);
        await requireOffered(trx as Db, patient.organisation_id, 'chat');
        if (await openSessionOf(trx, patient.id))
          throw chatConflict('chat_exists', 'You already have an open chat or request.');
        // The message is not blank (checked above): it is the request's first message.
        const id = await insertRequest(trx, patient.id, { emergency: false, transport, message }, new Date());
        events.push({ t: 'session', s: id });
        return requestView(trx, (await loadSession(trx, id))!);
      });
      return respond(201, view);
    } catch (error) {
      if (isUniqueViolation(error))
        throw chatConflict('chat_exists', 'You already have an open chat or request.');
      throw error;
    }
  },

  requestEmergencyChat: async (_request, ctx) => {
    const message = String((ctx.body as { message: string }).message).trim();
    const transport = transportFlag(ctx);
    const attempt = () =>
      change(ctx.db, async (trx, events) => {
        const patient = await patientOf(trx, ctx);
        await requireOffered(trx as Db, patient.organisation_id, 'emergencyChat');
        const now = new Date();
        let session = await openSessionOf(trx, patient.id);
        if (session) {
          // Never refused: an open request or chat is upgraded, and the message joins it.
          await trx
            .updateTable('chat_sessions')
            .set({ emergency: true, last_activity_at: now })
            .where('id', '=', session.id)
            .execute();
          if (message) {
            const key = `emergency-${randomUUID()}`;
            await insertMessage(trx, session.id, patient.id, key, message, now);
            events.push({ t: 'message', s: session.id, k: key });
          }
        } else {
          const id = await insertRequest(trx, patient.id, { emergency: true, transport, message }, now);
          session = (await loadSession(trx, id))!;
        }
        // The patient is flagged high-risk at once: an alert for their care team, or for the duty clinicians
        // when they have none (once per chat, however often the request is repeated).
        await setRisk(trx, patient.id, {
          highRisk: true,
          reason: 'The patient asked for an emergency chat.',
          source: 'emergency-chat',
          actorId: null,
          questionnaireKey: `emergency-chat:${session.id}`,
        });
        events.push({ t: 'session', s: session.id });
        const view = await requestView(trx, (await loadSession(trx, session.id))!);
        return {
          ...view,
          message: view.message || message,
          crisisLines: await crisisLines(trx, patient.organisation_id),
        };
      });
    try {
      return respond(201, await attempt());
    } catch (error) {
      // A concurrent request opened a chat between the check and the insert: upgrade that one instead.
      if (isUniqueViolation(error)) return respond(201, await attempt());
      throw error;
    }
  },

  getMyChatState: async (_request, ctx) => {
    const user = currentUser(ctx);
    const session = await openSessionOf(ctx.db, user.uid);
    if (!session) return { exists: false, status: 'none', chatSessionId: null, requestId: null };
    if (session.status === 'requested')
      return { exists: true, status: 'requested', chatSessionId: null, requestId: session.id };
    return { exists: true, status: 'open', chatSessionId: session.id, requestId: session.id };
  },

  getPatientChatToken: async (_request, ctx) => {
    const user = currentUser(ctx);
    const session = await openSessionOf(ctx.db, user.uid);
    if (!session) throw notFound('You have no open chat.');
    const patient = await patientOf(ctx.db, ctx);
    await requireOffered(ctx.db, patient.organisation_id, session.emergency ? 'emergencyChat' : 'chat');
    return issueChatToken(ctx.db, ctx.config, user.uid, session.id);
  },

  revokePatientChatToken: revokeCallerChatTokens,

  endMyChat: async (_request, ctx) => {
    const user = currentUser(ctx);
    await change(ctx.db, async (trx, events) => {
      const session = await openSessionOf(trx, user.uid);
      if (session) await endSession(trx, session.id, events);
    });
    return undefined;
  },

  getMyChatHistory: async (_request, ctx) => {
    const user = currentUser(ctx);
    const rows = await sessionsQuery(ctx.db)
      .where('patient_id', '=', user.uid)
      .orderBy('created_at', 'desc')
      .execute();
    return historyOf(ctx.db, rows);
  },
};

/** Per client address; twenty times higher outside production (envLimit: end-to-end suites share one address). */
export const rateLimits: Record<string, RateLimit> = {
  requestChat: envLimit({ max: 10, timeWindow: 15 * 60_000 }),
};
