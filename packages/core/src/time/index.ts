/**
 * Dates and times in the person's timezone: dayjs with the utc and timezone plugins (calendar arithmetic that
 * is right across daylight-saving changes) and Intl for display in their locale. The timezone is the
 * browser's unless a screen passes another (a therapist's chosen timezone, a patient seeing a therapist's
 * availability in their own).
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getLocale } from '@tend/i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs, type Dayjs };

/** The browser's IANA timezone (e.g. Europe/London). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Formatters are made once per locale, options and timezone: making an Intl.DateTimeFormat costs far more than
 * formatting with one, and a virtualised list formats its rows on every scroll frame (the patient timeline at
 * 10,000 moments spent most of its main-thread time here). The person's own timezone is read once per second.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
let ownZone: { at: number; zone: string } | undefined;
function defaultZone(): string {
  const now = Date.now();
  if (!ownZone || now - ownZone.at > 1000) ownZone = { at: now, zone: userTimeZone() };
  return ownZone.zone;
}
function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const zone = timeZone ?? defaultZone();
  const key = `${getLocale()}|${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    if (formatters.size > 200) formatters.clear();
    f = new Intl.DateTimeFormat(getLocale(), { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/** "23 Nov 2026, 14:05" in the timezone (default the person's). */
export function formatDateTime(epochMs: number | string | Date, timeZone?: string): string {
  return formatter({ dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(epochMs));
}

/** "23 Nov 2026". */
export function formatDate(epochMs: number | string | Date, timeZone?: string): string {
  return formatter({ dateStyle: 'medium' }, timeZone).format(new Date(epochMs));
}

/** "Monday 23 November". */
export function formatDay(epochMs: number | string | Date, timeZone?: string): string {
  return formatter({ weekday: 'long', day: 'numeric', month: 'long' }, timeZone).format(new Date(epochMs));
}

/** "14:05". */
export function formatTime(epochMs: number | string | Date, timeZone?: string): string {
  return formatter({ timeStyle: 'short' }, timeZone).format(new Date(epochMs));
}

/** The start of the day that `epochMs` falls in, in the timezone (epoch ms). */
export function startOfDay(epochMs: number, timeZone = userTimeZone()): number {
  return dayjs.tz(dayjs(epochMs).tz(timeZone).format('YYYY-MM-DD'), timeZone).valueOf();
}

/**
 * The same wall-clock time `days` calendar days later in the timezone (a day is 23 or 25 hours across a
 * daylight-saving change). dayjs's `.tz().add()` keeps the offset it started with, so this goes through the
 * wall-clock text instead.
 */
export function addDays(epochMs: number, days: number, timeZone = userTimeZone()): number {
  const local = dayjs(epochMs).tz(timeZone);
  const wall = dayjs.utc(local.format('YYYY-MM-DDTHH:mm:ss')).add(days, 'day').format('YYYY-MM-DDTHH:mm:ss');
  return dayjs.tz(wall, timeZone).valueOf();
}

/** The instant of a wall-clock time (`2026-03-29T09:00`) in the timezone. */
export function atWallClock(localDateTime: string, timeZone = userTimeZone()): number {
  return dayjs.tz(localDateTime, timeZone).valueOf();
}

/** True when both instants fall on the same calendar day in the timezone. */
export function sameDay(a: number, b: number, timeZone = userTimeZone()): boolean {
  return dayjs(a).tz(timeZone).format('YYYY-MM-DD') === dayjs(b).tz(timeZone).format('YYYY-MM-DD');
}
