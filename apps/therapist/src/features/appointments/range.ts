import { addDays, dayjs, startOfDay } from '@tend/core/time';

export type View = 'day' | 'week';

export interface Range {
  /** The first instant shown (midnight in the timezone). */
  from: number;
  /** The first instant no longer shown. */
  to: number;
  /** Each day's midnight, in order (one for a day, seven for a week from Monday). */
  days: number[];
}

/**
 * The day or the week (Monday to Sunday) holding `anchor`, moved by `offset` days or weeks, in the timezone:
 * calendar days, so a week across a daylight-saving change is 167 or 169 hours and each day starts at midnight.
 */
export function rangeOf(view: View, anchor: number, offset: number, timeZone: string): Range {
  const today = startOfDay(anchor, timeZone);
  if (view === 'day') {
    const from = addDays(today, offset, timeZone);
    return { from, to: addDays(from, 1, timeZone), days: [from] };
  }
  const weekday = (dayjs(today).tz(timeZone).day() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(today, offset * 7 - weekday, timeZone);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i, timeZone));
  return { from, to: addDays(from, 7, timeZone), days };
}

/** Items by the day (of `days`) they start on in the timezone; every day present, maybe empty. */
export function byDay<T extends { start: string }>(
  items: readonly T[],
  days: readonly number[],
  timeZone: string,
): { day: number; items: T[] }[] {
  const key = (ms: number) => dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
  const groups = new Map(days.map((d) => [key(d), [] as T[]]));
  for (const item of [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    groups.get(key(Date.parse(item.start)))?.push(item);
  }
  return days.map((day) => ({ day, items: groups.get(key(day)) ?? [] }));
}
