// "Since you last looked" (tag `therapist`): what is new in a patient's record since the calling therapist last
// opened it (getSinceLastLook, a read that changes nothing), and marking it seen up to the summary shown
// (markRecordSeen). Two calls rather than a read that marks: a refetch (focus, retry, a second tab) would
// otherwise answer "nothing new" while the therapist is still reading the first answer, and the instant a
// summary was read (`until`) is what is marked, so what arrives between the read and the mark stays new.
//
// "New" is, after the last look (before the first, after joining the care team):
// - a moment the patient wrote themselves, by when the server received it (created_at: an offline moment synced
//   later is new when it arrives, whatever its own time; edits of older moments are not counted);
// - a change of the high-risk flag made by anyone but the caller;
// - a message from anyone but the caller in the caller's chats with the patient (not left).
// The caseload row's `hasNew` is the same test as one EXISTS per row (somethingNewSince), read only for the
// page's rows, each by index (moments_patient_author_created, risk_events_patient, chat_messages_session).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { change, severity, type ScreeningType } from '@tend/domain/screening/model';
import { assertAssignedTherapist } from '../patients/access.ts';

/** The most screenings and risk events a summary lists (counts are whole). */
export const SUMMARY_LIST_LIMIT = 20;

/** The caller's chats with the patient (`patient` is an SQL reference to the patient's id). */
const myChatMessages = (therapistId: string, patient: RawBuilder<unknown>) =>
  sql`chat_participants cp
    join chat_sessions s on s.id = cp.session_id
    join chat_messages m on m.session_id = cp.session_id and m.sender_id <> ${therapistId}
    where cp.user_id = ${therapistId} and cp.left_at is null and s.patient_id = ${patient}`;

/**
 * Whether something is new for the therapist in the patient's record after `since` (an SQL expression; the
 * patient and since are SQL references or values of the surrounding query).
 */
export function somethingNewSince(
  therapistId: string,
  patient: RawBuilder<unknown>,
  since: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from moments nm
      where nm.patient_id = ${patient} and nm.created_at > ${since} and nm.created_by = nm.patient_id)
    or exists (select 1 from risk_events nr
      where nr.patient_id = ${patient} and nr.created_at > ${since} and nr.actor_id is distinct from ${therapistId})
    or exists (select 1 from ${myChatMessages(therapistId, patient)} and m.created_at > ${since}))`;
}

/** When the therapist last looked at the patient's record (null before the first look). */
const lastSeenOf = (therapistId: string, patient: RawBuilder<unknown>) =>
  sql<Date | null>`(select v.seen_at from patient_record_views v
    where v.therapist_id = ${therapistId} and v.patient_id = ${patient})`;

const iso = (d: Date | string) => new Date(d).toISOString();

interface ScreeningRow {
  id: string;
  event_type: ScreeningType;
  start_at: Date | string;
  body: { total?: unknown; items?: unknown };
  previous: { total?: unknown } | null;
}

const totalOf = (type: ScreeningType, body: { total?: unknown } | null | undefined): number | null => {
  const t = body?.total;
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= (type === 'phq9' ? 27 : 21)
    ? t
    : null;
};

/** A screening taken since, against the one of its kind before it (bands and reliable change as published). */
export function screeningSince(row: ScreeningRow) {
  const type = row.event_type;
  const total = totalOf(type, row.body);
  if (total === null) return null;
  const previousTotal = totalOf(type, row.previous);
  const items = Array.isArray(row.body.items) ? (row.body.items as unknown[]) : [];
  const item9 = type === 'phq9' && typeof items[8] === 'number' ? (items[8] as number) : null;
  const moved = previousTotal === null ? null : change(type, previousTotal, total);
  return {
    momentId: row.id,
    type,
    at: iso(row.start_at),
    total,
    band: severity(type, total),
    item9,
    previousTotal,
    previousBand: previousTotal === null ? null : severity(type, previousTotal),
    change: moved?.kind ?? null,
    delta: moved?.delta ?? null,
    reliableRecovery: moved?.reliableRecovery ?? false,
  };
}

/** The summary between `since` (exclusive) and `until` (inclusive). */
export async function sinceLastLook(
  db: Db,
  therapistId: string,
  patientId: string,
  lastSeenAt: Date | null,
  since: Date,
  until: Date,
) {
  const inWindow = (column: string) =>
    sql<boolean>`${sql.ref(column)} > ${since} and ${sql.ref(column)} <= ${until}`;
  const [moments, screenings, riskEvents, riskCount, messages] = await Promise.all([
    db
      .selectFrom('moments')
      .select(['event_type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('patient_id', '=', patientId)
      .whereRef('created_by', '=', 'patient_id')
      .where(inWindow('created_at'))
      .groupBy('event_type')
      .execute(),
    db
      .selectFrom(
        db
          .selectFrom('moments')
          .select([
            'id',
            'event_type',
            'start_at',
            'created_at',
            'created_by',
            'body',
            sql<ScreeningRow['previous']>`lag(body) over (partition by event_type order by start_at, id)`.as(
              'previous',
            ),
          ])
          .where('patient_id', '=', patientId)
          .where('event_type', 'in', ['phq9', 'gad7'])
          .as('x'),
      )
      .select(['x.id', 'x.event_type', 'x.start_at', 'x.body', 'x.previous'])
      .where('x.created_by', '=', patientId)
      .where(inWindow('x.created_at'))
      .orderBy('x.start_at', 'desc')
      .orderBy('x.id', 'desc')
      .limit(SUMMARY_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('risk_events')
      .select(['created_at', 'high_risk', 'source', 'reason'])
      .where('patient_id', '=', patientId)
      .where(sql<boolean>`actor_id is distinct from ${therapistId}`)
      .where(inWindow('created_at'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SUMMARY_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('risk_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('patient_id', '=', patientId)
      .where(sql<boolean>`actor_id is distinct from ${therapistId}`)
      .where(inWindow('created_at'))
      .executeTakeFirstOrThrow(),
    sql<{ fresh: number | string; unread: number | string }>`select
        count(*) filter (where m.created_at > ${since} and m.created_at <= ${until}) as fresh,
        count(*) filter (where cp.last_read_at is null or m.created_at > cp.last_read_at) as unread
      from ${myChatMessages(therapistId, sql`${patientId}`)}`
      .execute(db)
      .then((r) => r.rows[0]),
  ]);
  const momentCounts = moments
    .map((m) => ({ eventType: m.event_type, count: Number(m.n) }))
    .sort((a, b) => b.count - a.count || a.eventType.localeCompare(b.eventType));
  const fresh = Number(messages?.fresh ?? 0);
  const riskEventCount = Number(riskCount.n);
  return {
    patientId,
    lastSeenAt: lastSeenAt ? iso(lastSeenAt) : null,
    since: iso(since),
    until: iso(until),
    hasNew: momentCounts.length > 0 || riskEventCount > 0 || fresh > 0,
    moments: momentCounts,
    screenings: (screenings as ScreeningRow[]).map(screeningSince).filter((s) => s !== null),
    riskEvents: riskEvents.map((r) => ({
      at: iso(r.created_at),
      highRisk: r.high_risk,
      source: r.source,
      reason: r.reason,
    })),
    riskEventCount,
    messages: { new: fresh, unread: Number(messages?.unread ?? 0) },
  };
}

/** The caller's care-team row's start and their last look at the patient's record. */
async function lookOf(db: Db, therapistId: string, patientId: string) {
  const row = await db
    .selectFrom('care_team as ct')
    .select(['ct.created_at', lastSeenOf(therapistId, sql.ref('ct.patient_id')).as('seen_at')])
    .where('ct.patient_id', '=', patientId)
    .where('ct.therapist_id', '=', therapistId)
    .executeTakeFirstOrThrow();
  return { joinedAt: new Date(row.created_at), seenAt: row.seen_at ? new Date(row.seen_at) : null };
}

export const sinceLastLookHandlers: Handlers = {
  getSinceLastLook: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const until = new Date();
    const { joinedAt, seenAt } = await lookOf(ctx.db, therapistId, patientId);
    return sinceLastLook(ctx.db, therapistId, patientId, seenAt, seenAt ?? joinedAt, until);
  },

  markRecordSeen: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const upTo = new Date(String((ctx.body as { upTo: string }).upTo));
    if (Number.isNaN(upTo.getTime()))
      throw badRequest('upTo is not a date and time.', { fields: { upTo: 'is not a date-time' } });
    const now = new Date();
    const at = upTo > now ? now : upTo;
    const row = await ctx.db
      .insertInto('patient_record_views')
      .values({ therapist_id: therapistId, patient_id: patientId, seen_at: at })
      .onConflict((oc) =>
        oc.columns(['therapist_id', 'patient_id']).doUpdateSet({
          seen_at: sql`greatest(patient_record_views.seen_at, excluded.seen_at)`,
        }),
      )
      .returning([
        'seen_at',
        somethingNewSince(therapistId, sql`${patientId}`, sql.ref('patient_record_views.seen_at')).as(
          'has_new',
        ),
      ])
      .executeTakeFirstOrThrow();
    return { patientId, seenAt: iso(row.seen_at), hasNew: Boolean(row.has_new) };
  },
};
