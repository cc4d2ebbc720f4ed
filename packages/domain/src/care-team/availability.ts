import type { AvailabilitySlotInput } from '@tend/api/model';
import { atWallClock, dayjs } from '@tend/core/time';

/** One weekly slot on its next date: start and end as instants (shown in any timezone). */
export interface Occurrence {
  key: string;
  start: number;
  end: number;
}

/**
 * A therapist's weekly availability (ISO day of week, HH:MM in the therapist's timezone) as the next seven
 * days' occurrences, from `now`, sorted by start: each is an instant, so the patient sees it in their own
 * timezone (a slot may fall on another day there, and daylight-saving changes on either side are right).
 * A slot already over today is given for next week. `24:00` ends at the following midnight.
 */
export function nextOccurrences(
  slots: readonly AvailabilitySlotInput[],
  therapistZone: string,
  now: number,
): Occurrence[] {
  const today = dayjs(now).tz(therapistZone);
  const out: Occurrence[] = [];
  for (const [i, slot] of slots.entries()) {
    for (let ahead = 0; ahead < 8; ahead++) {
      const day = today.add(ahead, 'day');
      // dayjs: 0 Sunday … 6 Saturday; the contract: ISO 1 Monday … 7 Sunday.
      if ((day.day() || 7) !== slot.dayOfWeek) continue;
      const date = day.format('YYYY-MM-DD');
      const start = atWallClock(`${date}T${slot.start}`, therapistZone);
      const end =
        slot.end === '24:00'
          ? atWallClock(`${day.add(1, 'day').format('YYYY-MM-DD')}T00:00`, therapistZone)
          : atWallClock(`${date}T${slot.end}`, therapistZone);
      if (end <= now) continue;
      out.push({ key: `${i}-${date}`, start, end });
      break;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The seconds until an expiry (never below 0). */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

/** Seconds as hours, minutes and seconds (for a countdown's words). */
export function splitDuration(seconds: number): { hours: number; minutes: number; seconds: number } {
  return {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}
