// Chat activity: messages from each side and chats started, per week.
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { isoDay, weeklyChart, weeksOf } from '../weeks.ts';
import type { ViewFigures } from './types.ts';

/** The ISO week (its UTC Monday, YYYY-MM-DD) of a timestamp column, to count rows by week. */
const weekOf = (column: string) =>
  sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;

export async function chatView(db: Db, ids: string[], now: Date): Promise<ViewFigures> {
  const { weeks, from, to } = weeksOf(now);
  const fromPatients = new Map<string, number>();
  const fromTherapists = new Map<string, number>();
  const requests = new Map<string, number>();
  const emergency = new Map<string, number>();
  if (ids.length > 0) {
    const messageWeek = weekOf('chat_messages.created_at');
    const messages = await db
      .selectFrom('chat_messages')
      .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
      .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
      .select([
        messageWeek.as('week'),
        sql<number>`count(*) filter (where chat_messages.sender_id = chat_sessions.patient_id)`.as(
          'from_patients',
        ),
        sql<number>`count(*) filter (where chat_messages.sender_id is distinct from chat_sessions.patient_id)`.as(
          'from_therapists',
        ),
      ])
      .where('patients.organisation_id', 'in', ids)
      .where('chat_messages.created_at', '>=', from)
      .where('chat_messages.created_at', '<', to)
      .groupBy(messageWeek)
      .execute();
    for (const m of messages) {
      fromPatients.set(m.week, Number(m.from_patients));
      fromTherapists.set(m.week, Number(m.from_therapists));
    }
    const sessionWeek = weekOf('chat_sessions.created_at');
    const sessions = await db
      .selectFrom('chat_sessions')
      .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
      .select([
        sessionWeek.as('week'),
        (eb) => eb.fn.countAll<number>().as('requests'),
        sql<number>`count(*) filter (where chat_sessions.emergency)`.as('emergency'),
      ])
      .where('patients.organisation_id', 'in', ids)
      .where('chat_sessions.created_at', '>=', from)
      .where('chat_sessions.created_at', '<', to)
      .groupBy(sessionWeek)
      .execute();
    for (const s of sessions) {
      requests.set(s.week, Number(s.requests));
      emergency.set(s.week, Number(s.emergency));
    }
  }
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
  return {
    from: isoDay(from),
    figures: [
      { key: 'messagesFromPatients', name: 'Messages from patients (12 weeks)', value: total(fromPatients) },
      {
        key: 'messagesFromTherapists',
        name: 'Messages from therapists (12 weeks)',
        value: total(fromTherapists),
      },
      { key: 'chatRequests', name: 'Chats started (12 weeks)', value: total(requests) },
    ],
    charts: [
      weeklyChart({ chartId: 'messages-per-week', title: 'Chat messages per week', kind: 'line' }, weeks, [
        ['fromPatients', 'From patients', fromPatients],
        ['fromTherapists', 'From therapists', fromTherapists],
      ]),
      weeklyChart({ chartId: 'chats-per-week', title: 'Chats started per week', kind: 'bar' }, weeks, [
        ['requests', 'Chats started', requests],
        ['emergency', 'Of which emergency', emergency],
      ]),
    ],
  };
}
