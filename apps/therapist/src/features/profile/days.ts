import { getLocale } from '@tend/i18n';

/** The name of an ISO day of week (1 Monday … 7 Sunday) in the person's language ("Monday"). */
export function dayName(dayOfWeek: number, width: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(getLocale(), { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, dayOfWeek),
  );
}
