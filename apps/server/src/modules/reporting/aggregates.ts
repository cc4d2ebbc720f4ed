// Real aggregates of the database for reports (CSV) and dashboards. Every function takes the
// organisations to cover and a UTC period [from, to) and answers one row per organisation (and per
// week, band or survey where the report says so). Patients count for the organisation they belong to now.
// The reports' aggregates are in ./aggregates/: activity.ts (usage, weekly engagement), screening.ts (PHQ-9 and
// GAD-7 bands), chat.ts, surveys.ts, and common.ts (the table, the period, the organisations covered).
import type { Db } from '../../db/index.ts';
import { engagement, usage } from './aggregates/activity.ts';
import { chatActivity } from './aggregates/chat.ts';
import type { Period, Table } from './aggregates/common.ts';
import { screeningOutcomes } from './aggregates/screening.ts';
import { surveyResponses } from './aggregates/surveys.ts';

export type { Period, Table } from './aggregates/common.ts';
export { BANDS, bandOf, screeningOutcomes, screeningTotal } from './aggregates/screening.ts';
export { engagement, usage } from './aggregates/activity.ts';
export { chatActivity } from './aggregates/chat.ts';
export { surveyResponses } from './aggregates/surveys.ts';

export const REPORT_TYPES = [
  'usage',
  'screening-outcomes',
  'engagement',
  'chat-activity',
  'survey-responses',
  'research-data',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** What some reports need besides the data: the server's secret (research-data's pseudonymous ids). */
export interface AggregateOptions {
  secret: string;
}

/** The organisation-level aggregates (research-data, per participant, is ./research-data.ts). */
export const AGGREGATES: Record<
  Exclude<ReportType, 'research-data'>,
  (db: Db, ids: string[], period: Period, options: AggregateOptions) => Promise<Table>
> = {
  usage,
  'screening-outcomes': screeningOutcomes,
  engagement,
  'chat-activity': chatActivity,
  'survey-responses': surveyResponses,
};
