// The therapist's caseload (tag `therapist`): taking a patient on by their access code, the list of
// assigned patients, discharge, the high-risk flag and whether the caller leads a patient's care.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { assertAssignedTherapist, requireSelfTherapist } from '../patients/access.ts';
import { riskSummaries, riskSummary, setRisk } from '../patients/risk.ts';
import { patientIdForAccessCode } from '../patients/service.ts';
import { organisationTree, withDescendants } from '../organisations/access.ts';
import { unreadCounts } from '../chats/service.ts';
import { alertNewCareTeamMember } from '../duty/alerts.ts';

/** Per patient, the messages of the caller's chats with them (not left) that the caller has not read. */
async function unreadByPatient(
  db: Db,
  therapistId: string,
  patientIds: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (patientIds.length === 0) return out;
  const sessions = await db
    .selectFrom('chat_participants as p')
    .innerJoin('chat_sessions as s', 's.id', 'p.session_id')
    .select(['s.id', 's.patient_id'])
    .where('p.user_id', '=', therapistId)
    .where('p.left_at', 'is', null)
    .where('s.patient_id', 'in', patientIds)
    .execute();
  const counts = await unreadCounts(
    db,
    therapistId,
    sessions.map((s) => s.id),
  );
  for (const s of sessions) out.set(s.patient_id, (out.get(s.patient_id) ?? 0) + (counts[s.id] ?? 0));
  return out;
}

export const caseloadHandlers: Handlers = {
  /** A patient's access code (getAccessCode) adds the caller to their care team; lead when there is none. */
  redeemPatientAccessCode: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const code = String((ctx.body as { accessCode: string }).accessCode);
    const unknown = () =>
      new HttpError(
        404,
        'invalid_access_code',
        'This access code is not known or has expired: ask the patient for the code the app shows now.',
      );
    const patientId = await patientIdForAccessCode(ctx.db, code);
    if (!patientId) throw unknown();
    return ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .select(['id', 'organisation_id', 'first_name', 'last_name'])
        .where('id', '=', patientId)
        .forUpdate()
        .executeTakeFirst();
      // Only within the therapist's organisation and its children; elsewhere the code is "not known".
      const reach = withDescendants(await organisationTree(trx as unknown as Db), [me.organisation_id]);
      if (!patient || !reach.has(patient.organisation_id)) throw unknown();
      const team = await trx
        .selectFrom('care_team')
        .select(['therapist_id', 'role'])
        .where('patient_id', '=', patientId)
        .execute();
      const mine = team.find((t) => t.therapist_id === me.id);
      let role = mine?.role;
      if (!role) {
        role = team.some((t) => t.role === 'lead') ? 'invited' : 'lead';
        await trx
          .insertInto('care_team')
          .values({ patient_id: patientId, therapist_id: me.id, role, created_at: new Date() })
          .execute();
        // Open risk follows the patient: any open, unacknowledged risk shows to them at once as an alert.
        await alertNewCareTeamMember(trx, patientId, me.id);
        ctx.log.info({ therapistId: me.id, patientId, role }, 'therapist took on a patient by access code');
      }
      return {
        patientId,
        firstName: patient.first_name,
        lastName: patient.last_name,
        isLead: role === 'lead',
      };
    });
  },

  /** High-risk first, then by the patient's latest activity (most recent first), then by name; searched and filtered. */
  listAssignedPatients: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const skip = Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const highRisk = sql<boolean>`coalesce(patient_risk.high_risk, patients.high_risk)`;
    const shared = sql<boolean>`exists (select 1 from data_sharing_consents c where c.patient_id = patients.id and c.therapist_id = ${me.id} and c.revoked_at is null)`;
    let base = ctx.db
      .selectFrom('care_team')
      .innerJoin('patients', 'patients.id', 'care_team.patient_id')
      .leftJoin('patient_risk', 'patient_risk.patient_id', 'patients.id')
      .leftJoin('users', 'users.id', 'patients.id')
      .where('care_team.therapist_id', '=', me.id);
    const search = typeof ctx.query.search === 'string' ? ctx.query.search.trim() : '';
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where(
        sql<boolean>`((patients.first_name || ' ' || patients.last_name) ilike ${pattern} or coalesce(users.screen_name, '') ilike ${pattern} or patients.email ilike ${pattern})`,
      );
    }
    if (ctx.query.highRisk !== undefined) base = base.where(highRisk, '=', Boolean(ctx.query.highRisk));
    if (ctx.query.sharedData !== undefined) base = base.where(shared, '=', Boolean(ctx.query.sharedData));
    if (ctx.query.lead !== undefined)
      base = ctx.query.lead
        ? base.where('care_team.role', '=', 'lead')
        : base.where('care_team.role', '<>', 'lead');
    const [rows, count] = await Promise.all([
      base
        .select([
          'patients.id',
          'patients.first_name',
          'patients.last_name',
          'patients.email',
          'users.screen_name',
          'care_team.role',
          'care_team.created_at as assigned_at',
          highRisk.as('high_risk'),
          'patients.last_activity_at as last_activity',
        ])
        .orderBy(highRisk, 'desc')
        .orderBy(sql`patients.last_activity_at desc nulls last`)
        .orderBy('patients.last_name')
        .orderBy('patients.first_name')
        .orderBy('patients.id')
        .offset(skip)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.id);
    const [risks, unread, sharing] = await Promise.all([
      riskSummaries(ctx.db, ids),
      unreadByPatient(ctx.db, me.id, ids),
      ids.length
        ? ctx.db
            .selectFrom('data_sharing_consents')
            .select('patient_id')
            .where('therapist_id', '=', me.id)
            .where('patient_id', 'in', ids)
            .where('revoked_at', 'is', null)
            .execute()
        : [],
    ]);
    const sharedWithMe = new Set(sharing.map((c) => c.patient_id));
    return {
      items: rows.map((r) => ({
        patientId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        screenName: r.screen_name ?? null,
        email: r.email,
        risk: risks.get(r.id)!,
        lastActivityAt: r.last_activity ? new Date(r.last_activity).toISOString() : null,
        isLead: r.role === 'lead',
        assignedAt: new Date(r.assigned_at).toISOString(),
        sharedData: sharedWithMe.has(r.id),
        unreadMessages: unread.get(r.id) ?? 0,
      })),
      skip,
      limit,
      total: Number(count.n),
    };
  },

  /** The caller leaves the patient's care team; moments stay. A departing lead hands lead to the longest-assigned other therapist. */
  dischargePatient: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId, role } = await assertAssignedTherapist(ctx, patientId);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('care_team')
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .execute();
      // The data sharing ends with the care; the consent record stays, marked as ended.
      await trx
        .updateTable('data_sharing_consents')
        .set({ revoked_at: new Date() })
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('care_events')
        .values({
          id: randomUUID(),
          patient_id: patientId,
          therapist_id: therapistId,
          event: 'discharged',
          actor_id: therapistId,
        })
        .execute();
      if (role === 'lead') {
        const next = await trx
          .selectFrom('care_team')
          .select('therapist_id')
          .where('patient_id', '=', patientId)
          .orderBy('created_at')
          .orderBy('therapist_id')
          .executeTakeFirst();
        if (next) {
          await trx
            .updateTable('care_team')
            .set({ role: 'lead' })
            .where('patient_id', '=', patientId)
            .where('therapist_id', '=', next.therapist_id)
            .execute();
          await trx
            .insertInto('care_events')
            .values({
              id: randomUUID(),
              patient_id: patientId,
              therapist_id: next.therapist_id,
              event: 'lead-transferred',
              actor_id: therapistId,
            })
            .execute();
        }
      }
    });
    return respond(204);
  },

  setPatientHighRisk: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const body = ctx.body as { highRisk: boolean; reason?: string };
    const reason = body.reason?.trim() ? body.reason.trim() : null;
    await ctx.db.transaction().execute((trx) =>
      setRisk(trx, patientId, {
        highRisk: body.highRisk,
        reason,
        source: 'therapist',
        actorId: therapistId,
      }),
    );
    return { patientId, risk: await riskSummary(ctx.db, patientId) };
  },

  isLeadTherapist: async (_req, ctx) => {
    const { role } = await assertAssignedTherapist(ctx, String(ctx.params.patientId));
    return { isLead: role === 'lead' };
  },
};
