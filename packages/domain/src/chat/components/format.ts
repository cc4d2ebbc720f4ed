/**
 * Times of the chat in the person's time zone and language: the time of a message (14:32), the day above
 * the first message of each day (Today, Yesterday, Tuesday 3 March 2026).
 */
import dayjs from 'dayjs';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      f = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(key, f);
  }
  return f;
}

export const timeOf = (iso: string, locale: string) => format(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
export const dateTimeOf = (iso: string, locale: string) => format(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const longDateOf = (iso: string, locale: string) => format(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** Whether two instants fall on the same day here. */
export const sameDay = (a: string, b: string) => dayjs(a).isSame(dayjs(b), 'day');

/** 'today', 'yesterday' or null (then the date is written out). */
export function relativeDay(iso: string, now: Date = new Date()): 'today' | 'yesterday' | null {
  const day = dayjs(iso);
  if (day.isSame(now, 'day')) return 'today';
  if (day.isSame(dayjs(now).subtract(1, 'day'), 'day')) return 'yesterday';
  return null;
}
