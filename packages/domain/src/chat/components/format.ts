/**
 * Times of the chat in the person's time zone and language: the time of a message (14:32), its date and time
 * (its accessible name), and the day above the first message of each day (Today, Yesterday, Tuesday 3 March
 * 2026). Formatters are made once per language: a thread formats many rows.
 */
import dayjs from 'dayjs';

type Kind = 'time' | 'dateTime' | 'longDate';
const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};
const formats: Record<Kind, Map<string, Intl.DateTimeFormat>> = {
  time: new Map(),
  dateTime: new Map(),
  longDate: new Map(),
};

function formatter(kind: Kind, locale: string): Intl.DateTimeFormat {
  let f = formats[kind].get(locale);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, OPTIONS[kind]);
    } catch {
      f = new Intl.DateTimeFormat('en-GB', OPTIONS[kind]);
    }
    formats[kind].set(locale, f);
  }
  return f;
}

export const timeOf = (iso: string, locale: string) => formatter('time', locale).format(new Date(iso));
export const dateTimeOf = (iso: string, locale: string) =>
  formatter('dateTime', locale).format(new Date(iso));
export const longDateOf = (iso: string, locale: string) =>
  formatter('longDate', locale).format(new Date(iso));

/** The local calendar day of an instant, as a number (20260303): equal for instants of one day here. */
export function dayOf(iso: string): number {
  const d = new Date(iso);
  return d.getFullYear() * 10_000 + (d.getMonth() + 1) * 100 + d.getDate();
}

/** 'today', 'yesterday' or null (then the date is written out). */
export function relativeDay(iso: string, now: Date = new Date()): 'today' | 'yesterday' | null {
  const day = dayjs(iso);
  if (day.isSame(now, 'day')) return 'today';
  if (day.isSame(dayjs(now).subtract(1, 'day'), 'day')) return 'yesterday';
  return null;
}
