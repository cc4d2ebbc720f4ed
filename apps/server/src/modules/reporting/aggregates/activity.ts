// How the service is used: people and moments per organisation (usage) and per week (engagement).
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { countBy, inOrganisationOrder, orgNames, type Period, type Table } from './common.ts';

export async function usage(db: Db, ids: string[], period: Period): Promise<Table> {
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header: USAGE_HEADER, rows: [] };
  // The organisation's patients or therapists now, whatever the period.
  const people = async (table: 'patients' | 'therapists') =>
    countBy(
      await db
        .selectFrom(table)
        .select(['organisation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('organisation_id', 'in', ids)
        .groupBy('organisation_id')
        .execute(),
    );
  const patients = await people('patients');
  const therapists = await people('therapists');
  const moments = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      (eb) => eb.fn.countAll<number>().as('moments'),
      sql<number>`count(distinct moments.patient_id)`.as('active'),
      sql<number>`count(*) filter (where moments.event_type = 'journal')`.as('journals'),
      sql<number>`count(*) filter (where moments.event_type = 'checkup')`.as('checkups'),
      sql<number>`count(*) filter (where moments.event_type in ('phq9', 'gad7'))`.as('screenings'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const byOrg = new Map(moments.map((m) => [m.organisation_id, m]));
  return {
    header: USAGE_HEADER,
    rows: orgs.map((o) => {
      const m = byOrg.get(o.id);
      return [
        o.id,
        o.name,
        patients.get(o.id) ?? 0,
        Number(m?.active ?? 0),
        therapists.get(o.id) ?? 0,
        Number(m?.moments ?? 0),
        Number(m?.journals ?? 0),
        Number(m?.checkups ?? 0),
        Number(m?.screenings ?? 0),
      ];
    }),
  };
}
const USAGE_HEADER = [
  'organisation_id',
  'organisation_name',
  'patients',
  'active_patients',
  'therapists',
  'moments',
  'journals',
  'checkups',
  'screenings',
];

/** Per organisation and ISO week (Monday, UTC): active patients and moments. */
export async function engagement(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'week_starting',
    'active_patients',
    'moments',
    'moments_per_active_patient',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const week = sql<string>`to_char(date_trunc('week', moments.start_at at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      week.as('week'),
      (eb) => eb.fn.countAll<number>().as('moments'),
      sql<number>`count(distinct moments.patient_id)`.as('active'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .groupBy(['patients.organisation_id', week])
    .execute();
  return {
    header,
    rows: inOrganisationOrder(orgs, rows, (r) => r.week).map(({ row: r, name }) => {
      const active = Number(r.active);
      const moments = Number(r.moments);
      return [
        r.organisation_id,
        name,
        r.week,
        active,
        moments,
        active ? Math.round((moments / active) * 100) / 100 : 0,
      ];
    }),
  };
}
