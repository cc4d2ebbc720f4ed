// High-risk alerts, the therapist's own (tag `risk-alerts`, see ./routes.ts): list, acknowledge, and take
// on the patient of a duty alert.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { atMicros, isCount, isId, isTime, keysetOf, micros, writeKeyset } from '../../http/keyset.ts';
import type { Handlers } from '../../http/types.ts';
import { requireSelfTherapist } from '../patients/access.ts';
import { assignTherapist } from '../patients/service.ts';
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
export const routeOf = (value: unknown): Route =>
  ROUTES.includes(value as Route) ? (value as Route) : 'care-team';
type Source = (typeof SOURCES)[number];
export const source = (value: unknown): Source =>
  SOURCES.includes(value as Source) ? (value as Source) : 'therapist';
export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
export const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

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

/** The keyset cursor of the alerts (newest first by creation, then id): the last row's, and the position. */
interface AlertCursor {
  createdAt: number;
  id: string;
  position: number;
}

function readCursor(value: unknown): AlertCursor | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [createdAt, id, position] = value as unknown[];
  return isTime(createdAt) && isId(id) && isCount(position) ? { createdAt, id, position } : undefined;
}

async function alertRows(
  db: Db,
  therapistId: string,
  filter: (q: ReturnType<typeof alertsOf>) => ReturnType<typeof alertsOf>,
  page?: { skip: number; limit: number; cursor?: AlertCursor },
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
      micros('n.created_at').as('created_us'),
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc');
  if (page?.cursor) {
    const at = atMicros(page.cursor.createdAt);
    const id = page.cursor.id;
    q = q.where((eb) =>
      eb.or([eb('n.created_at', '<', at), eb.and([eb('n.created_at', '=', at), eb('n.id', '<', id)])]),
    );
  } else if (page?.skip) q = q.offset(page.skip);
  if (page) q = q.limit(page.limit);
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

export const alertHandlers: Handlers = {
  listRiskAlerts: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const status = String(ctx.query.status ?? 'unacknowledged');
    const cursor = keysetOf(ctx.query, readCursor);
    const skip = cursor ? cursor.position : Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const filter = (q: ReturnType<typeof alertsOf>) =>
      status === 'unacknowledged'
        ? q.where('n.acknowledged_at', 'is', null)
        : status === 'acknowledged'
          ? q.where('n.acknowledged_at', 'is not', null)
          : q;
    const [rows, total, open] = await Promise.all([
      alertRows(ctx.db, me.id, filter, { skip, limit: limit + 1, ...(cursor ? { cursor } : {}) }),
      filter(alertsOf(ctx.db, me.id))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      alertsOf(ctx.db, me.id)
        .where('n.acknowledged_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const page = rows.slice(0, limit);
    const last = rows.length > limit ? page.at(-1) : undefined;
    return {
      items: page.map(toAlert),
      skip,
      limit,
      total: Number(total.n),
      unacknowledged: Number(open.n),
      paginationCursor: last
        ? writeKeyset([Number(last.created_us), last.id, skip + page.length] satisfies [
            number,
            string,
            number,
          ])
        : null,
    };
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
};
