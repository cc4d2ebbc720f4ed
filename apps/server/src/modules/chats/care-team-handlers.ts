// Contract tag `chats`, the calls that change who takes part in a patient's chat: invite another therapist, hand
// over, end, leave, claim the lead. The other calls of the tag are in ./routes.ts.
import { forbidden } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import type { ChatEvent } from '../../realtime/bus.ts';
import { leadTherapistOf } from '../patients/access.ts';
import {
  change,
  chatConflict,
  currentUser,
  loadSession,
  noSuchChat,
  openSessionOf,
  participantOf,
  sessionView,
  therapistEligibleFor,
  therapistSeesPatient,
  touchSession,
  updateParticipant,
  endSession,
  type SessionRow,
  type Tx,
} from './service.ts';

/** The caller's view of a patient's open chat: 404 unless the therapist may see the patient. */
async function patientChatFor(
  db: Tx,
  therapistId: string,
  patientId: string,
): Promise<SessionRow | undefined> {
  if (!(await therapistSeesPatient(db, therapistId, patientId))) throw noSuchChat();
  const session = await openSessionOf(db, patientId);
  return session?.status === 'active' ? session : undefined;
}

/** Whether the user is an active participant (patient of the session, or a therapist who has not left). */
async function activeParticipant(db: Tx, session: SessionRow, userId: string): Promise<boolean> {
  const p = await participantOf(db, session.id, userId);
  return Boolean(p && p.left_at === null);
}

/** Refuses a therapist who does not exist (404) or may not join this patient's chat (403). */
async function mustBeEligible(db: Tx, therapistId: string, patientId: string): Promise<void> {
  const eligible = await therapistEligibleFor(db, therapistId, patientId);
  if (eligible === 'missing') throw noSuchChat();
  if (eligible === 'ineligible') throw forbidden('This therapist may not join this patient’s chat.');
}

/**
 * Seats the therapist in the session as `role` (invited, or handed the chat) at `now`: one who took part
 * before (`before`) is back, not left (an invitation also starts their time in it again); anyone else is added.
 */
async function seatTherapist(
  db: Tx,
  sessionId: string,
  therapistId: string,
  role: 'invited' | 'handover',
  now: Date,
  before: boolean,
): Promise<void> {
  if (before) {
    await updateParticipant(db, sessionId, therapistId, {
      role,
      left_at: null,
      ...(role === 'invited' ? { joined_at: now } : {}),
    });
  } else {
    await db
      .insertInto('chat_participants')
      .values({ session_id: sessionId, user_id: therapistId, role, joined_at: now })
      .execute();
  }
}

/**
 * A change, by the calling therapist, to the open chat of the path's patient with the path's therapist (404
 * when the caller has no such chat they may see): the chat's invitation and its handover.
 */
function changeChatWith<T>(
  ctx: HandlerContext,
  fn: (
    trx: Tx,
    events: ChatEvent[],
    session: SessionRow,
    ids: { uid: string; patientId: string; therapistId: string },
  ) => Promise<T>,
): Promise<T> {
  const user = currentUser(ctx);
  const patientId = String(ctx.params.patientId);
  const therapistId = String(ctx.params.therapistId);
  return change(ctx.db, async (trx, events) => {
    const session = await patientChatFor(trx, user.uid, patientId);
    if (!session) throw noSuchChat();
    return fn(trx, events, session, { uid: user.uid, patientId, therapistId });
  });
}

export const careTeamHandlers: Handlers = {
  inviteTherapistToChat: async (_request, ctx) =>
    changeChatWith(ctx, async (trx, events, session, { uid, patientId, therapistId }) => {
      const lead = await trx
        .selectFrom('care_team')
        .select('therapist_id')
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', uid)
        .where('role', '=', 'lead')
        .executeTakeFirst();
      const me = await participantOf(trx, session.id, uid);
      const leadsChat = me?.role === 'lead' && me.left_at === null;
      if (!lead && !leadsChat)
        throw forbidden("Only the patient's lead therapist may invite into this chat.");
      await mustBeEligible(trx, therapistId, patientId);
      const existing = await participantOf(trx, session.id, therapistId);
      if (existing && existing.left_at === null)
        throw chatConflict('already_participant', 'This therapist already takes part in the chat.');
      const now = new Date();
      await seatTherapist(trx, session.id, therapistId, 'invited', now, Boolean(existing));
      await touchSession(trx, session.id, now);
      events.push({ t: 'session', s: session.id });
      return sessionView(trx, session);
    }),

  handOverChat: async (_request, ctx) =>
    changeChatWith(ctx, async (trx, events, session, { uid, patientId, therapistId }) => {
      if (!(await activeParticipant(trx, session, uid)))
        throw forbidden('You do not take part in this chat.');
      if (therapistId === uid) throw chatConflict('conflict', 'You cannot hand a chat over to yourself.');
      await mustBeEligible(trx, therapistId, patientId);
      const now = new Date();
      const existing = await participantOf(trx, session.id, therapistId);
      await seatTherapist(trx, session.id, therapistId, 'handover', now, Boolean(existing));
      await updateParticipant(trx, session.id, uid, { left_at: now });
      await trx
        .updateTable('chat_sessions')
        .set({ therapist_id: therapistId, last_activity_at: now })
        .where('id', '=', session.id)
        .execute();
      events.push({ t: 'session', s: session.id });
      return sessionView(trx, (await loadSession(trx, session.id))!);
    }),

  endPatientChat: async (_request, ctx) => {
    const user = currentUser(ctx);
    const patientId = String(ctx.params.patientId);
    await change(ctx.db, async (trx, events) => {
      const session = await patientChatFor(trx, user.uid, patientId);
      if (!session) return;
      if (!(await activeParticipant(trx, session, user.uid)))
        throw forbidden('You do not take part in this chat.');
      await endSession(trx, session.id, events);
    });
    return undefined;
  },

  leavePatientChat: async (_request, ctx) => {
    const user = currentUser(ctx);
    const patientId = String(ctx.params.patientId);
    await change(ctx.db, async (trx, events) => {
      const session = await patientChatFor(trx, user.uid, patientId);
      if (!session || !(await activeParticipant(trx, session, user.uid))) throw noSuchChat();
      const now = new Date();
      await updateParticipant(trx, session.id, user.uid, { left_at: now });
      const remaining = await trx
        .selectFrom('chat_participants')
        .select(['user_id'])
        .where('session_id', '=', session.id)
        .where('left_at', 'is', null)
        .where('user_id', '<>', session.patient_id)
        .orderBy('joined_at')
        .execute();
      if (remaining.length === 0) {
        await endSession(trx, session.id, events, now);
        return;
      }
      if (session.therapist_id === user.uid) {
        // The chat's lead left: the longest-standing remaining therapist leads it.
        await trx
          .updateTable('chat_sessions')
          .set({ therapist_id: remaining[0]!.user_id })
          .where('id', '=', session.id)
          .execute();
      }
      await touchSession(trx, session.id, now);
      events.push({ t: 'session', s: session.id });
    });
    return undefined;
  },

  claimLead: async (_request, ctx) => {
    const user = currentUser(ctx);
    const key = String(ctx.params.patientIdOrEmail);
    return ctx.db.transaction().execute(async (trx) => {
      const patient = key.includes('@')
        ? await trx
            .selectFrom('patients')
            .select('id')
            .where((eb) => eb(eb.fn('lower', ['email']), '=', key.toLowerCase()))
            .executeTakeFirst()
        : await trx.selectFrom('patients').select('id').where('id', '=', key).executeTakeFirst();
      const mine = patient
        ? await trx
            .selectFrom('care_team')
            .selectAll()
            .where('patient_id', '=', patient.id)
            .where('therapist_id', '=', user.uid)
            .executeTakeFirst()
        : undefined;
      if (!patient || !mine) throw noSuchChat();
      const lead = await leadTherapistOf(trx, patient.id);
      if (lead !== undefined && lead !== user.uid)
        throw chatConflict('lead_exists', 'This patient already has a lead therapist.');
      if (lead === undefined)
        await trx
          .updateTable('care_team')
          .set({ role: 'lead' })
          .where('patient_id', '=', patient.id)
          .where('therapist_id', '=', user.uid)
          .execute();
      return {
        patientId: patient.id,
        therapistId: user.uid,
        isLead: true,
        assignedAt: new Date(mine.created_at).toISOString(),
      };
    });
  },
};
