// Onboarding survey responses per organisation and survey.
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { inOrganisationOrder, orgNames, type Period, type Table } from './common.ts';

/** Per organisation and survey: responses completed in the period, and distinct patients. */
export async function surveyResponses(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'survey_url_suffix',
    'survey_title',
    'responses',
    'patients',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const rows = await db
    .selectFrom('onboarding_survey_responses as r')
    .innerJoin('patients', 'patients.id', 'r.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      'r.url_suffix as url_suffix',
      (eb) => eb.fn.countAll<number>().as('responses'),
      sql<number>`count(distinct r.patient_id)`.as('patients'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('r.completed_at', '>=', period.from)
    .where('r.completed_at', '<', period.to)
    .groupBy(['patients.organisation_id', 'r.url_suffix'])
    .execute();
  const titles = new Map(
    (await db.selectFrom('surveys').select(['config']).execute()).map((s) => {
      const c = s.config as { urlSuffix?: string; title?: string };
      return [String(c.urlSuffix), String(c.title ?? '')];
    }),
  );
  return {
    header,
    rows: inOrganisationOrder(orgs, rows, (r) => r.url_suffix).map(({ row: r, name }) => [
      r.organisation_id,
      name,
      r.url_suffix,
      titles.get(r.url_suffix) ?? '',
      Number(r.responses),
      Number(r.patients),
    ]),
  };
}
