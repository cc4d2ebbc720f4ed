// The therapist's chat reads used by ./routes.ts: whether a duty clinician stands in for a patient, the
// transport filter, and the open chats in pages (by keyset cursor, or by the spec's offset).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { atMicros, isCount, isId, isTime, micros, writeKeyset } from '../../http/keyset.ts';
import { hasCareTeam, isDutyClinician } from '../duty/service.ts';
import { sessionsQuery, type ChatTransport, type SessionRow, type Tx } from '../chats/service.ts';

/** Whether the therapist is a duty clinician for this patient, who has no therapist. */
export async function standsInFor(db: Tx, therapistId: string, patientId: string): Promise<boolean> {
  const d = db as unknown as Db;
  const patient = await d
    .selectFrom('patients')
    .select('organisation_id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  if (!patient || (await hasCareTeam(d, patientId))) return false;
  return isDutyClinician(d, therapistId, patient.organisation_id);
}

/** The transport filter of a listing (rows stored before the flag existed count as `stream`). */
export function transportIs(flag: ChatTransport) {
  return flag === 'poll'
    ? sql<boolean>`coalesce(chat_sessions.transport, 'stream') = 'poll'`
    : sql<boolean>`coalesce(chat_sessions.transport, 'stream') <> 'poll'`;
}

/**
 * The therapist's sessions in a status: with `stillIn`, those they take part in now (have not left), as their
 * open chats are; else every one they took part in, as their history is.
 */
export function sessionsOfTherapist(
  db: Tx,
  therapistId: string,
  status: 'active' | 'ended',
  stillIn: boolean,
) {
  return sessionsQuery(db)
    .where('status', '=', status)
    .where((eb) => {
      const tookPart = eb
        .selectFrom('chat_participants as p')
        .select('p.session_id')
        .whereRef('p.session_id', '=', 'chat_sessions.id')
        .where('p.user_id', '=', therapistId);
      return eb.exists(stillIn ? tookPart.where('p.left_at', 'is', null) : tookPart);
    });
}

/** Open sessions the therapist takes part in (has not left). */
export function openChatsOf(db: Tx, therapistId: string) {
  return sessionsOfTherapist(db, therapistId, 'active', true);
}

/** How many open chats of one transport the therapist takes part in (the offset listing's total). */
export async function countOpenChats(db: Tx, therapistId: string, flag: ChatTransport): Promise<number> {
  const row = await openChatsOf(db, therapistId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(transportIs(flag))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const activity = sql<Date>`coalesce(chat_sessions.last_activity_at, chat_sessions.created_at)`;
const byActivity = sql`${activity} desc`;

/** The keyset cursor of the open chats (latest activity first, then id): the last row's, and the position. */
interface ChatCursor {
  activity: number;
  id: string;
  position: number;
}
export const readChatCursor = (value: unknown): ChatCursor | undefined => {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [at, id, position] = value as unknown[];
  return isTime(at) && isId(id) && isCount(position) ? { activity: at, id, position } : undefined;
};

/** A page of the caller's open chats by cursor, or by offset; `limit` undefined: every one. */
export async function openChatsPage(
  db: Tx,
  therapistId: string,
  page: { skip: number; limit?: number; cursor?: ChatCursor; flag?: ChatTransport },
) {
  let q = openChatsOf(db, therapistId)
    .select(micros(activity).as('activity_us'))
    .orderBy(byActivity)
    .orderBy('id');
  if (page.flag !== undefined) q = q.where(transportIs(page.flag));
  if (page.cursor) {
    const at = atMicros(page.cursor.activity);
    const id = page.cursor.id;
    q = q.where(sql<boolean>`(${activity} < ${at} or (${activity} = ${at} and chat_sessions.id > ${id}))`);
  } else if (page.skip > 0) q = q.offset(page.skip);
  if (page.limit !== undefined) q = q.limit(page.limit + 1);
  const found = await q.execute();
  const rows = page.limit !== undefined ? found.slice(0, page.limit) : found;
  const last = page.limit !== undefined && found.length > page.limit ? rows.at(-1) : undefined;
  return {
    rows: rows as SessionRow[],
    next: last
      ? writeKeyset([Number(last.activity_us), last.id, page.skip + rows.length] satisfies [
          number,
          string,
          number,
        ])
      : null,
  };
}

/**
 * The therapist's unread messages across every open chat they take part in (not left): messages from others
 * after their last read, as ../chats/changes.ts unreadCounts counts one chat's, in one aggregate.
 */
export async function unreadTotal(db: Tx, therapistId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_participants as p')
    .innerJoin('chat_sessions as s', 's.id', 'p.session_id')
    .innerJoin('chat_messages as m', (join) =>
      join
        .onRef('m.session_id', '=', 'p.session_id')
        .on('m.sender_id', '<>', therapistId)
        .on((eb) =>
          eb.or([eb('p.last_read_at', 'is', null), eb('m.created_at', '>', eb.ref('p.last_read_at'))]),
        ),
    )
    .select((eb) => eb.fn.count<number>('m.id').as('unread'))
    .where('p.user_id', '=', therapistId)
    .where('p.left_at', 'is', null)
    .where('s.status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}
