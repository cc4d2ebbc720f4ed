/** The patient's exercises and how their streaks and totals are counted. Pure. */

/** The exercises that count as activities (the `activityId` of an `activity` moment). */
export const ACTIVITY_IDS = [
  'breathing',
  'quiz',
  'resilience',
  'risk-factors',
  'positive-reading',
  'cbt',
  'checkup',
  'journal',
] as const;
export type ActivityId = (typeof ACTIVITY_IDS)[number];

const DAY = 86_400_000;
/** The start of the UTC day of a time (the graph's activity points are per UTC day). */
export const utcDay = (t: number) => Math.floor(t / DAY) * DAY;

/**
 * Days in a row with some activity, ending today or, when nothing is logged yet today, yesterday (a streak is
 * not lost before the day is over). `points` are the graph's activity minutes per UTC day: a day is there when
 * it has an activity, however short.
 */
export function streakDays(points: ReadonlyArray<{ t: number; value: number }>, now: number): number {
  const active = new Set(points.filter((p) => p.value >= 0).map((p) => utcDay(p.t)));
  let day = utcDay(now);
  if (!active.has(day)) day -= DAY;
  let streak = 0;
  while (active.has(day)) {
    streak += 1;
    day -= DAY;
  }
  return streak;
}

/** Sum of the counts of some activities. */
export const sumCounts = (counts: Record<string, number> | undefined) =>
  Object.values(counts ?? {}).reduce((a, b) => a + b, 0);

/**
 * The calls of the activity summary at `now`: this week's counters (from Monday, local time), the totals, and
 * the last 90 days' minutes (UTC days) for the streak.
 */
export function summaryParams(now: number, startOfDay: (t: number) => number) {
  const activityIds = [...ACTIVITY_IDS];
  const today = startOfDay(now);
  const weekday = (new Date(today).getDay() + 6) % 7;
  return {
    counters: { startTime: today - weekday * DAY, activityIds },
    totals: { activityIds },
    graph: { startFrom: utcDay(now) - 90 * DAY, endAt: utcDay(now) + DAY },
  };
}
