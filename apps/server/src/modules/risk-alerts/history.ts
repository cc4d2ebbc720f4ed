// A patient's risk history (tag `risk-alerts`, see ./routes.ts): flag changes, every alert with its
// acknowledgement, and escalations; for the patient's care team.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Handlers } from '../../http/types.ts';
import { assertAssignedTherapist } from '../patients/access.ts';
import { ALERT_KIND } from '../duty/service.ts';
import { ids, iso, routeOf, source } from './alerts.ts';

interface Person {
  therapistId: string;
  firstName: string;
  lastName: string;
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

export const historyHandlers: Handlers = {
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
