// The therapist's chat calls (contract tag `chats`, /therapist/...): chat requests and accept, open chats
// (v1 paged, v2 with unread counts and last message), chat history, an assigned patient's chat history.
// The rest of the therapist tag (care team) is another module's. See ../chats/README.md.
import type { Db } from '../../db/index.ts';
import type { Handlers } from '../../http/types.ts';
import { keysetOf } from '../../http/keyset.ts';
import { dutyOrganisations } from '../duty/service.ts';
import { assignTherapist } from '../patients/service.ts';
import { riskSummaries } from '../patients/risk.ts';
import {
  change,
  chatConflict,
  currentUser,
  historyOf,
  inCareTeam,
  loadSession,
  messagesOf,
  messageView,
  namesOf,
  noSuchChat,
  sessionsQuery,
  sessionViews,
  transportFlag,
  requestViews,
  unreadCounts,
} from '../chats/service.ts';
import {
  countOpenChats,
  openChatsPage,
  readChatCursor,
  sessionsOfTherapist,
  standsInFor,
  transportIs,
  unreadTotal,
} from './chat-queries.ts';

export const handlers: Handlers = {
  listChatRequests: async (_request, ctx) => {
    const user = currentUser(ctx);
    // The care team's requests, and, for a duty clinician, those of patients without a therapist.
    const duty = (await dutyOrganisations(ctx.db, user.uid)).map((d) => d.organisationId);
    const rows = await sessionsQuery(ctx.db)
      .where('status', '=', 'requested')
      .where((eb) => {
        const mine = eb.exists(
          eb
            .selectFrom('care_team as c')
            .select('c.patient_id')
            .whereRef('c.patient_id', '=', 'chat_sessions.patient_id')
            .where('c.therapist_id', '=', user.uid),
        );
        if (duty.length === 0) return mine;
        return eb.or([
          mine,
          eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('care_team as c2')
                  .select('c2.patient_id')
                  .whereRef('c2.patient_id', '=', 'chat_sessions.patient_id'),
              ),
            ),
            eb.exists(
              eb
                .selectFrom('patients as dp')
                .select('dp.id')
                .whereRef('dp.id', '=', 'chat_sessions.patient_id')
                .where('dp.organisation_id', 'in', duty),
            ),
          ]),
        ]);
      })
      .where(transportIs(transportFlag(ctx)))
      // Emergency requests first, then oldest first.
      .orderBy('emergency', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('id')
      .execute();
    // The queue carries each patient's risk flag, so a high-risk request stands out before it is accepted.
    // and whether the patient has a therapist at all (none: the request came to the duty clinicians).
    const patientIds = [...new Set(rows.map((r) => r.patient_id))];
    const [views, risks, withTeam] = await Promise.all([
      requestViews(ctx.db, rows),
      riskSummaries(ctx.db, patientIds),
      patientIds.length === 0
        ? Promise.resolve([])
        : ctx.db
            .selectFrom('care_team')
            .select('patient_id')
            .distinct()
            .where('patient_id', 'in', patientIds)
            .execute(),
    ]);
    const hasTeam = new Set(withTeam.map((r) => r.patient_id));
    return {
      items: views.map((v) => {
        const risk = risks.get(v.patientId);
        return {
          ...v,
          highRisk: risk?.highRisk ?? false,
          riskReason: risk?.highRisk ? risk.reason : null,
          noTherapist: !hasTeam.has(v.patientId),
        };
      }),
    };
  },

  acceptChatRequest: async (_request, ctx) => {
    const user = currentUser(ctx);
    const requestId = String(ctx.params.requestId);
    return change(ctx.db, async (trx, events) => {
      const session = await loadSession(trx, requestId);
      if (!session) throw noSuchChat();
      if (!(await inCareTeam(trx, user.uid, session.patient_id))) {
        // A duty clinician accepting the request of a patient without a therapist takes the patient on.
        if (session.status !== 'requested' || !(await standsInFor(trx, user.uid, session.patient_id)))
          throw noSuchChat();
        await assignTherapist(trx as unknown as Db, session.patient_id, user.uid, user.uid);
      }
      if (session.status === 'ended')
        throw chatConflict('request_closed', 'This request was withdrawn or has ended.');
      if (session.status === 'active') {
        if (session.therapist_id === user.uid) return (await sessionViews(trx, [session]))[0]!;
        throw chatConflict('already_accepted', 'Another therapist has accepted this request.');
      }
      const now = new Date();
      const result = await trx
        .updateTable('chat_sessions')
        .set({ status: 'active', therapist_id: user.uid, accepted_at: now, last_activity_at: now })
        .where('id', '=', session.id)
        .where('status', '=', 'requested')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        throw chatConflict('already_accepted', 'Another therapist has accepted this request.');
      await trx
        .insertInto('chat_participants')
        .values({ session_id: session.id, user_id: user.uid, role: 'lead', joined_at: now })
        .onConflict((oc) =>
          oc.columns(['session_id', 'user_id']).doUpdateSet({ role: 'lead', left_at: null }),
        )
        .execute();
      events.push({ t: 'session', s: session.id });
      return (await sessionViews(trx, [(await loadSession(trx, session.id))!]))[0]!;
    });
  },

  listTherapistChats: async (_request, ctx) => {
    const user = currentUser(ctx);
    const cursor = keysetOf(ctx.query, readChatCursor);
    const skip = cursor ? cursor.position : Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const flag = transportFlag(ctx);
    const [{ rows, next }, total] = await Promise.all([
      openChatsPage(ctx.db, user.uid, { skip, limit, flag, ...(cursor ? { cursor } : {}) }),
      countOpenChats(ctx.db, user.uid, flag),
    ]);
    return {
      items: await sessionViews(ctx.db, rows),
      skip,
      limit,
      total,
      paginationCursor: next,
    };
  },

  listTherapistChatsV2: async (_request, ctx) => {
    const user = currentUser(ctx);
    const cursor = keysetOf(ctx.query, readChatCursor);
    const limit = ctx.query.limit === undefined ? undefined : Number(ctx.query.limit);
    const { rows, next } = await openChatsPage(ctx.db, user.uid, {
      skip: cursor?.position ?? 0,
      // A cursor without a limit continues by the default page.
      ...(limit !== undefined || cursor ? { limit: limit ?? 20 } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const ids = rows.map((r) => r.id);
    const [views, counts, messages, total] = await Promise.all([
      sessionViews(ctx.db, rows),
      unreadCounts(ctx.db, user.uid, ids),
      messagesOf(ctx.db, ids),
      unreadTotal(ctx.db, user.uid),
    ]);
    const last = new Map<string, (typeof messages)[number]>();
    for (const m of messages) last.set(m.session_id, m);
    const names = await namesOf(
      ctx.db,
      [...last.values()].map((m) => m.sender_id),
    );
    return {
      items: views.map((session) => {
        const m = last.get(session.chatSessionId);
        return {
          session,
          unreadCount: counts[session.chatSessionId] ?? 0,
          lastMessage: m ? messageView(m, names) : null,
        };
      }),
      ...(next !== null || ctx.query.limit !== undefined || cursor ? { paginationCursor: next } : {}),
      unreadTotal: total,
    };
  },

  getTherapistChatHistory: async (_request, ctx) => {
    const user = currentUser(ctx);
    const skip = Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const rows = await sessionsOfTherapist(ctx.db, user.uid, 'ended', false)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute();
    return historyOf(ctx.db, rows);
  },

  getChatHistoryByUserId: async (_request, ctx) => {
    const user = currentUser(ctx);
    const patientId = String((ctx.body as { userId: string }).userId);
    // Only the patient's care team; anyone else learns nothing (not even whether the patient exists).
    if (!(await inCareTeam(ctx.db, user.uid, patientId))) throw noSuchChat();
    const rows = await sessionsQuery(ctx.db)
      .where('patient_id', '=', patientId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return historyOf(ctx.db, rows);
  },
};
