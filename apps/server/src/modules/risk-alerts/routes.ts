// High-risk alerts (tag `risk-alerts`). When a patient is flagged high-risk (patients/risk.ts setRisk: PHQ-9
// item 9 above 0, a severe band, a score notification, a colleague's flag) each other therapist of the care
// team gets a `high-risk` row in therapist_notifications: that row is the alert. A therapist lists and
// acknowledges only their own alerts, of patients still in their care; the patient's risk history (flag
// changes and every alert with its acknowledgement) is for the patient's care team.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { assertAssignedTherapist, requireSelfTherapist } from '../patients/access.ts';
import { assignTherapist } from '../patients/service.ts';

export { ALERT_KIND } from '../duty/service.ts';
import { ALERT_KIND } from '../duty/service.ts';
const SOURCES = [
  'phq9-item9',
  'phq9-severe',
  'gad7-severe',
  'notify',
  'therapist',
  'emergency-chat',
  'risk-factor-self-harm',
] as const;
const ROUTES = ['care-team', 'duty', 'escalation', 'take-on'] as const;
type Route = (typeof ROUTES)[number];
const routeOf = (value: unknown): Route => (ROUTES.includes(value as Route) ? (value as Route) : 'care-team');
type Source = (typeof SOURCES)[number];
const source = (value: unknown): Source =>
  SOURCES.includes(value as Source) ? (value as Source) : 'therapist';
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

interface Person {
  therapistId: string;
  firstName: string;
  lastName: string;
}

const noTeam = sql<boolean>`not exists (select 1 from care_team t where t.patient_id = n.patient_id)`;

/**
 * The caller's alerts they may see: of patients in their care; a duty alert while the patient has no therapist
 * (once someone takes them on, it leaves the other duty clinicians' lists); an escalation alert.
 */
function alertsOf(db: Db, therapistId: string) {
  return db
    .selectFrom('therapist_notifications as n')
    .leftJoin('care_team as ct', (join) =>
      join.onRef('ct.patient_id', '=', 'n.patient_id').on('ct.therapist_id', '=', therapistId),
    )
    .where((eb) =>
      eb.or([
        eb('ct.therapist_id', 'is not', null),
        eb('n.route', '=', 'escalation'),
        eb.and([eb('n.route', '=', 'duty'), noTeam]),
      ]),
    )
    .innerJoin('patients as p', 'p.id', 'n.patient_id')
    .leftJoin('patient_risk as r', 'r.patient_id', 'n.patient_id')
    .leftJoin('therapists as a', 'a.id', 'n.acknowledged_by')
    .where('n.therapist_id', '=', therapistId)
    .where('n.kind', '=', ALERT_KIND);
}

async function alertRows(
  db: Db,
  therapistId: string,
  filter: (q: ReturnType<typeof alertsOf>) => ReturnType<typeof alertsOf>,
  page?: { skip: number; limit: number },
) {
  let q = filter(alertsOf(db, therapistId))
    .select([
      'n.id',
      'n.patient_id',
      'n.payload',
      'n.created_at',
      'n.acknowledged_at',
      'n.acknowledged_by',
      'n.acknowledgement_note',
      'p.first_name',
      'p.last_name',
      sql<boolean>`coalesce(r.high_risk, p.high_risk)`.as('high_risk'),
      'a.first_name as ack_first_name',
      'a.last_name as ack_last_name',
      'n.route',
      noTeam.as('no_team'),
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc');
  if (page) q = q.offset(page.skip).limit(page.limit);
  return q.execute();
}

function toAlert(r: Awaited<ReturnType<typeof alertRows>>[number]) {
  const payload = (r.payload ?? {}) as { reason?: unknown; source?: unknown; answerChanged?: unknown };
  return {
    alertId: r.id,
    patientId: r.patient_id,
    firstName: r.first_name,
    lastName: r.last_name,
    reason: typeof payload.reason === 'string' ? payload.reason : null,
    source: source(payload.source),
    createdAt: new Date(r.created_at).toISOString(),
    acknowledgedAt: iso(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by
      ? { therapistId: r.acknowledged_by, firstName: r.ack_first_name ?? '', lastName: r.ack_last_name ?? '' }
      : null,
    note: r.acknowledgement_note ?? null,
    highRisk: Boolean(r.high_risk),
    route: routeOf(r.route),
    noTherapist: Boolean(r.no_team),
    answerChanged: payload.answerChanged === true,
  };
}

async function people(db: Db, ids: Array<string | null>): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('therapists')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { therapistId: r.id, firstName: r.first_name, lastName: r.last_name }]),
  );
}

interface HistoryRow {
  id: string;
  kind: 'flag' | 'alert' | 'escalation';
  route: string | null;
  level: number | null;
  told: unknown;
  emailed: unknown;
  at: Date | string;
  reason: string | null;
  source: string | null;
  high_risk: boolean | null;
  actor_id: string | null;
  told_id: string | null;
  ack_at: Date | string | null;
  ack_by: string | null;
  note: string | null;
}

export const handlers: Handlers = {
  listRiskAlerts: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const status = String(ctx.query.status ?? 'unacknowledged');
    const skip = Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const filter = (q: ReturnType<typeof alertsOf>) =>
      status === 'unacknowledged'
        ? q.where('n.acknowledged_at', 'is', null)
        : status === 'acknowledged'
          ? q.where('n.acknowledged_at', 'is not', null)
          : q;
    const [rows, total, open] = await Promise.all([
      alertRows(ctx.db, me.id, filter, { skip, limit }),
      filter(alertsOf(ctx.db, me.id))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      alertsOf(ctx.db, me.id)
        .where('n.acknowledged_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toAlert), skip, limit, total: Number(total.n), unacknowledged: Number(open.n) };
  },

  /** Own alerts only; the first acknowledgement stands (a second answers it unchanged). */
  acknowledgeRiskAlert: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const alertId = String(ctx.params.alertId);
    const note = ((ctx.body ?? {}) as { note?: string }).note?.trim() || null;
    const mine = (q: ReturnType<typeof alertsOf>) => q.where('n.id', '=', alertId);
    const found = await alertsOf(ctx.db, me.id)
      .where('n.id', '=', alertId)
      .select(['n.id', 'n.acknowledged_at', 'n.patient_id'])
      .executeTakeFirst();
    if (!found) throw notFound('You have no such alert.');
    if (!found.acknowledged_at) {
      await ctx.db
        .updateTable('therapist_notifications')
        .set({
          acknowledged_at: new Date(),
          acknowledged_by: me.id,
          acknowledgement_note: note,
          read_at: new Date(),
        })
        .where('id', '=', alertId)
        .where('acknowledged_at', 'is', null)
        .execute();
      ctx.log.info(
        { therapistId: me.id, patientId: found.patient_id, alertId },
        'high-risk alert acknowledged',
      );
    }
    const [row] = await alertRows(ctx.db, me.id, mine);
    return toAlert(row!);
  },

  /** A duty clinician takes on the patient of their alert (lead therapist); 409 when someone already has. */
  takeOnPatientFromAlert: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const alertId = String(ctx.params.alertId);
    const mine = (q: ReturnType<typeof alertsOf>) => q.where('n.id', '=', alertId);
    await ctx.db.transaction().execute(async (trx) => {
      const found = await alertsOf(trx, me.id)
        .where('n.id', '=', alertId)
        .select(['n.patient_id'])
        .executeTakeFirst();
      if (!found) throw notFound('You have no such alert.');
      // Serialise take-ons of one patient: the first one stands.
      await trx.selectFrom('patients').select('id').where('id', '=', found.patient_id).forUpdate().execute();
      const team = await trx
        .selectFrom('care_team')
        .select('therapist_id')
        .where('patient_id', '=', found.patient_id)
        .execute();
      if (team.some((t) => t.therapist_id === me.id)) return;
      if (team.length > 0)
        throw new HttpError(409, 'already_taken_on', 'Another therapist has taken this patient on.');
      await assignTherapist(trx, found.patient_id, me.id, me.id);
      ctx.log.info(
        { therapistId: me.id, patientId: found.patient_id, alertId },
        'therapist took on a patient from an alert',
      );
    });
    const [row] = await alertRows(ctx.db, me.id, mine);
    if (!row) throw notFound('You have no such alert.');
    return toAlert(row);
  },

  /** Flag changes and the care team's alerts with their acknowledgements, newest first (an alert above the flag that raised it). */
  listPatientRiskHistory: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    await assertAssignedTherapist(ctx, patientId);
    const skip = Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const { rows } = await sql<HistoryRow>`
      select * from (
        select e.id, 'flag' as kind, e.created_at as at, e.reason, e.source, e.high_risk, e.actor_id,
               null::text as told_id, null::timestamptz as ack_at, null::text as ack_by, null::text as note,
               null::text as route, null::integer as level, null::jsonb as told, null::jsonb as emailed
        from risk_events e where e.patient_id = ${patientId}
        union all
        select n.id, 'alert' as kind, n.created_at as at, n.payload->>'reason' as reason, n.payload->>'source' as source,
               null::boolean as high_risk, null::text as actor_id, n.therapist_id as told_id, n.acknowledged_at as ack_at,
               n.acknowledged_by as ack_by, n.acknowledgement_note as note,
               n.route, null::integer as level, null::jsonb as told, null::jsonb as emailed
        from therapist_notifications n where n.patient_id = ${patientId} and n.kind = ${ALERT_KIND}
        union all
        select x.id, 'escalation' as kind, x.created_at as at, e.reason, e.source,
               null::boolean as high_risk, null::text as actor_id, null::text as told_id, null::timestamptz as ack_at,
               null::text as ack_by, null::text as note,
               null::text as route, x.level, x.therapist_ids as told, x.emailed
        from risk_escalations x left join risk_events e on e.id = x.risk_event_id where x.patient_id = ${patientId}
      ) h
      order by h.at desc, (h.kind = 'alert') desc, h.id desc
      offset ${skip} limit ${limit}`.execute(ctx.db);
    const [counts, names] = await Promise.all([
      sql<{ n: number }>`
        select (select count(*) from risk_events where patient_id = ${patientId})
             + (select count(*) from therapist_notifications where patient_id = ${patientId} and kind = ${ALERT_KIND})
             + (select count(*) from risk_escalations where patient_id = ${patientId}) as n`.execute(ctx.db),
      people(
        ctx.db,
        rows.flatMap((r) => [r.actor_id, r.told_id, r.ack_by, ...ids(r.told)]),
      ),
    ]);
    const person = (id: string | null) =>
      id ? (names.get(id) ?? { therapistId: id, firstName: '', lastName: '' }) : null;
    const items = rows.map((r) =>
      r.kind === 'escalation'
        ? {
            entryId: r.id,
            kind: 'escalation' as const,
            at: iso(r.at)!,
            reason: r.reason,
            source: source(r.source),
            level: r.level === 2 ? 2 : 1,
            therapists: ids(r.told).map((id) => person(id)!),
            emailed: ids(r.emailed).length,
          }
        : r.kind === 'flag'
          ? {
              entryId: r.id,
              kind: 'flag' as const,
              at: iso(r.at)!,
              reason: r.reason,
              source: source(r.source),
              highRisk: Boolean(r.high_risk),
              actor: person(r.actor_id),
            }
          : {
              entryId: r.id,
              kind: 'alert' as const,
              at: iso(r.at)!,
              reason: r.reason,
              source: source(r.source),
              therapist: person(r.told_id)!,
              route: routeOf(r.route),
              acknowledgedAt: iso(r.ack_at),
              acknowledgedBy: person(r.ack_by),
              note: r.note,
            },
    );
    return { items, skip, limit, total: Number(counts.rows[0]?.n ?? 0) };
  },
};
