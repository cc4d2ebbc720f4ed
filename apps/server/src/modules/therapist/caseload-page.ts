// The therapist's caseload, a page at a time (listAssignedPatients): high-risk first, then the latest activity
// (none last), then last name, first name and id (unique, so rows that tie on the rest keep one order).
//
// At 10,000 patients a page is read in the index's order (patients_caseload_order, migration 0240) and each row
// checked against the caller's care team, so neither the whole caseload is sorted nor, past the first page,
// counted: the keyset cursor carries the sort key of the page's last row, the position and the first page's
// count. The spec's older `skip` still works (an offset in the same order, counted on every page). A row
// comes with its flag, shared data, latest screenings, unread messages and whether something is new since the
// caller last opened the record (./since-last-look.ts: a few index lookups per row of the page) and the next
// appointment with the caller (one index probe per row) in the same query.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Handler } from '../../http/types.ts';
import { atMicros, isCount, isId, isText, isTime, keysetOf, micros, writeKeyset } from '../../http/keyset.ts';
import { requireSelfTherapist } from '../patients/access.ts';
import { latestScreeningsOf, summariesFrom } from '../patients/risk.ts';
import { somethingNewSince } from './since-last-look.ts';

/** The sort key of a page's last row, its position in the list and the first page's count. */
interface CaseloadCursor {
  highRisk: boolean;
  /** Latest activity (microseconds since 1970), null when none. */
  activity: number | null;
  lastName: string;
  firstName: string;
  id: string;
  /** How many rows came before the next page. */
  position: number;
  total: number;
}

function readCursor(value: unknown): CaseloadCursor | undefined {
  if (!Array.isArray(value) || value.length !== 7) return undefined;
  const [risk, activity, lastName, firstName, id, position, total] = value as unknown[];
  if (risk !== 0 && risk !== 1) return undefined;
  if (activity !== null && !isTime(activity)) return undefined;
  if (!isText(lastName) || !isText(firstName) || !isId(id) || !isCount(position) || !isCount(total))
    return undefined;
  return { highRisk: risk === 1, activity, lastName, firstName, id, position, total };
}

const writeCursor = (c: CaseloadCursor) =>
  writeKeyset([c.highRisk ? 1 : 0, c.activity, c.lastName, c.firstName, c.id, c.position, c.total]);

/** The latest activity as the caseload orders it: none is -infinity (last), as the index has it. */
const activity = sql<Date>`coalesce(p.last_activity_at, '-infinity'::timestamptz)`;

/**
 * Rows after the cursor in the caseload's order (flag desc, activity desc, last name, first name, id). The row
 * comparison repeats what the rest implies, as the range the index (patients_caseload_order) starts from.
 */
function after(c: CaseloadCursor): Expression<SqlBool> {
  const at = c.activity === null ? sql<Date>`'-infinity'::timestamptz` : atMicros(c.activity);
  const names = sql<SqlBool>`(p.last_name > ${c.lastName} or (p.last_name = ${c.lastName} and (p.first_name > ${c.firstName} or (p.first_name = ${c.firstName} and p.id > ${c.id}))))`;
  return sql<SqlBool>`((p.high_risk, ${activity}) <= (${c.highRisk}, ${at}) and (p.high_risk < ${c.highRisk} or (p.high_risk = ${c.highRisk} and (${activity} < ${at} or (${activity} = ${at} and ${names})))))`;
}

/** The messages of the caller's chats with the page's patient (not left) that the caller has not read. */
const unreadOf = (therapistId: string) =>
  sql<number | string>`(select count(m.id) from chat_participants cp
    join chat_sessions s on s.id = cp.session_id
    join chat_messages m on m.session_id = cp.session_id and m.sender_id <> ${therapistId}
      and (cp.last_read_at is null or m.created_at > cp.last_read_at)
    where cp.user_id = ${therapistId} and cp.left_at is null and s.patient_id = pg.id)`;

export const listAssignedPatients: Handler = async (_req, ctx) => {
  const me = await requireSelfTherapist(ctx);
  const cursor = keysetOf(ctx.query, readCursor);
  const skip = cursor ? cursor.position : Number(ctx.query.skip ?? 0);
  const limit = Number(ctx.query.limit ?? 20);
  const shared = sql<boolean>`exists (select 1 from data_sharing_consents c where c.patient_id = p.id and c.therapist_id = ${me.id} and c.revoked_at is null)`;
  let base = ctx.db
    .selectFrom('patients as p')
    .innerJoin('care_team as ct', (join) =>
      join.onRef('ct.patient_id', '=', 'p.id').on('ct.therapist_id', '=', me.id),
    )
    .leftJoin('patient_risk as r', 'r.patient_id', 'p.id')
    .leftJoin('users as u', 'u.id', 'p.id');
  const search = typeof ctx.query.search === 'string' ? ctx.query.search.trim() : '';
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<boolean>`((p.first_name || ' ' || p.last_name) ilike ${pattern} or coalesce(u.screen_name, '') ilike ${pattern} or p.email ilike ${pattern})`,
    );
  }
  if (ctx.query.highRisk !== undefined) base = base.where('p.high_risk', '=', Boolean(ctx.query.highRisk));
  if (ctx.query.sharedData !== undefined) base = base.where(shared, '=', Boolean(ctx.query.sharedData));
  if (ctx.query.lead !== undefined)
    base = ctx.query.lead ? base.where('ct.role', '=', 'lead') : base.where('ct.role', '<>', 'lead');
  let page = base
    // The caller's last look at each row's record (its key: one probe per row of the page).
    .leftJoin('patient_record_views as v', (join) =>
      join.onRef('v.patient_id', '=', 'p.id').on('v.therapist_id', '=', me.id),
    )
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.email',
      'u.screen_name',
      'ct.role',
      'ct.created_at as assigned_at',
      'p.high_risk',
      'r.reason',
      'r.flagged_at',
      'p.last_activity_at',
      micros('p.last_activity_at').as('activity'),
      activity.as('sort_activity'),
      shared.as('shared'),
      sql<Date>`coalesce(v.seen_at, ct.created_at)`.as('seen_base'),
    ])
    .orderBy('p.high_risk', 'desc')
    .orderBy(sql`${activity} desc`)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .limit(limit + 1);
  if (cursor) page = page.where(after(cursor));
  else if (skip > 0) page = page.offset(skip);
  // The page's rows, then for those rows only: their screenings and unread messages.
  const withDetails = ctx.db
    .selectFrom(page.as('pg'))
    // The row's next appointment with the caller: one probe of appointments_booked_patient_therapist_start
    // (migration 0281) per row of the page. An appointment lasts at most 4 hours, so one that has not ended
    // started less than a day ago: the bound the index range starts from.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('appointments as a')
          .select([
            'a.id as next_id',
            'a.starts_at as next_start',
            'a.ends_at as next_end',
            'a.kind as next_kind',
          ])
          .whereRef('a.patient_id', '=', 'pg.id')
          .where('a.therapist_id', '=', me.id)
          .where('a.status', '=', 'booked')
          .where('a.starts_at', '>', sql<Date>`now() - interval '1 day'`)
          .where('a.ends_at', '>', sql<Date>`now()`)
          .orderBy('a.starts_at')
          .orderBy('a.id')
          .limit(1)
          .as('na'),
      (join) => join.onTrue(),
    )
    .selectAll('pg')
    .select(['na.next_id', 'na.next_start', 'na.next_end', 'na.next_kind'])
    .select([
      latestScreeningsOf('pg.id').as('screenings'),
      unreadOf(me.id).as('unread'),
      somethingNewSince(me.id, sql.ref('pg.id'), sql.ref('pg.seen_base')).as('has_new'),
    ])
    .orderBy('pg.high_risk', 'desc')
    .orderBy('pg.sort_activity', 'desc')
    .orderBy('pg.last_name')
    .orderBy('pg.first_name')
    .orderBy('pg.id');
  const [found, total] = await Promise.all([
    withDetails.execute(),
    cursor
      ? cursor.total
      : base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
  ]);
  const more = found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  const risks = summariesFrom(
    rows,
    rows.flatMap((r) => r.screenings),
  );
  const last = rows.at(-1);
  return {
    items: rows.map((r) => ({
      patientId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      screenName: r.screen_name ?? null,
      email: r.email,
      risk: risks.get(r.id)!,
      lastActivityAt: r.last_activity_at ? new Date(r.last_activity_at).toISOString() : null,
      isLead: r.role === 'lead',
      assignedAt: new Date(r.assigned_at).toISOString(),
      sharedData: Boolean(r.shared),
      unreadMessages: Number(r.unread),
      hasNew: Boolean(r.has_new),
      nextAppointment: r.next_id
        ? {
            appointmentId: r.next_id,
            start: new Date(r.next_start!).toISOString(),
            end: new Date(r.next_end!).toISOString(),
            kind: r.next_kind!,
          }
        : null,
    })),
    skip,
    limit,
    total,
    paginationCursor:
      more && last
        ? writeCursor({
            highRisk: Boolean(last.high_risk),
            activity: last.activity === null ? null : Number(last.activity),
            lastName: last.last_name,
            firstName: last.first_name,
            id: last.id,
            position: skip + rows.length,
            total,
          })
        : null,
  };
};
