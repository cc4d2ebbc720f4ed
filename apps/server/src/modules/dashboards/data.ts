// The figures of each dashboard view, as data the admin app draws (charts, each with the table of exactly
// what it draws) — getDashboardEmbedData's `data`. Real aggregates of the organisation and its descendants.
// One builder per view in ./views/ (activity.ts: overview and engagement; screening.ts; chat.ts); the weeks
// they cover in ./weeks.ts.
import type { Db } from '../../db/index.ts';
import { engagementView, overview } from './views/activity.ts';
import { chatView } from './views/chat.ts';
import { screeningView } from './views/screening.ts';
import type { DashboardData, ViewFigures } from './views/types.ts';
import { isoDay, startOfUtcDay } from './weeks.ts';

export type { DashboardChart, DashboardData } from './views/types.ts';
export { mondayOf, SCREENING_DAYS, WEEKS, weeksOf } from './weeks.ts';

export const VIEW_IDS = ['overview', 'screening', 'engagement', 'chat-activity'] as const;
export type DashboardViewId = (typeof VIEW_IDS)[number];

const BUILDERS: Record<DashboardViewId, (db: Db, ids: string[], now: Date) => Promise<ViewFigures>> = {
  overview,
  screening: screeningView,
  engagement: engagementView,
  'chat-activity': chatView,
};

/** The view's figures for the organisation (covering `ids`: it and its descendants). */
export async function dashboardData(
  db: Db,
  viewId: DashboardViewId,
  organisation: { id: string; name: string },
  ids: string[],
  now = new Date(),
): Promise<DashboardData> {
  const built = await BUILDERS[viewId](db, ids, now);
  return {
    organisationId: organisation.id,
    organisationName: organisation.name,
    generatedAt: now.toISOString(),
    from: built.from,
    to: isoDay(startOfUtcDay(now)),
    figures: built.figures,
    charts: built.charts,
  };
}
