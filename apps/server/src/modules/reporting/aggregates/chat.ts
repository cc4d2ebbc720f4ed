// Chat activity: requests (emergency ones too), accepted and ended chats, and messages by side.
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { orgNames, type Period, type Table } from './common.ts';

/** Per organisation: chat requests of the period, what became of them, and the messages written. */
export async function chatActivity(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'chat_requests',
    'emergency_requests',
    'accepted',
    'ended',
    'messages_from_patients',
    'messages_from_therapists',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const sessions = await db
    .selectFrom('chat_sessions')
    .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      (eb) => eb.fn.countAll<number>().as('requests'),
      sql<number>`count(*) filter (where chat_sessions.emergency)`.as('emergency'),
      sql<number>`count(*) filter (where chat_sessions.accepted_at is not null or chat_sessions.therapist_id is not null)`.as(
        'accepted',
      ),
      sql<number>`count(*) filter (where chat_sessions.status = 'ended')`.as('ended'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('chat_sessions.created_at', '>=', period.from)
    .where('chat_sessions.created_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const messages = await db
    .selectFrom('chat_messages')
    .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
    .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      sql<number>`count(*) filter (where chat_messages.sender_id = chat_sessions.patient_id)`.as(
        'from_patients',
      ),
      sql<number>`count(*) filter (where chat_messages.sender_id <> chat_sessions.patient_id)`.as(
        'from_therapists',
      ),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('chat_messages.created_at', '>=', period.from)
    .where('chat_messages.created_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const s = new Map(sessions.map((r) => [r.organisation_id, r]));
  const m = new Map(messages.map((r) => [r.organisation_id, r]));
  return {
    header,
    rows: orgs.map((o) => [
      o.id,
      o.name,
      Number(s.get(o.id)?.requests ?? 0),
      Number(s.get(o.id)?.emergency ?? 0),
      Number(s.get(o.id)?.accepted ?? 0),
      Number(s.get(o.id)?.ended ?? 0),
      Number(m.get(o.id)?.from_patients ?? 0),
      Number(m.get(o.id)?.from_therapists ?? 0),
    ]),
  };
}
