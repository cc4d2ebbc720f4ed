/**
 * A therapist's availability: weekly slots at wall-clock times in the therapist's timezone (ISO day of week
 * 1 Monday … 7 Sunday, `HH:MM`, end exclusive, `24:00` for midnight), and the instants they fall on for any
 * viewer. Pure (dayjs with utc and timezone only): the server's getTherapistProfile answers its
 * occurrences with it, the therapist's calendar and the patient's view of a therapist draw with it.
 *
 * Right across daylight-saving changes: an occurrence is found from its calendar date and wall-clock time
 * in the therapist's timezone (never by adding 24-hour days to an instant), so a Sunday 09:00 slot in
 * Europe/London is 09:00 GMT on 22 March 2026 and 09:00 BST (08:00 UTC) on 29 March.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface WeeklySlot {
  id: string;
  /** ISO day of week: 1 Monday … 7 Sunday. */
  dayOfWeek: number;
  /** `HH:MM` wall-clock in the therapist's timezone. */
  start: string;
  /** `HH:MM` after start, or `24:00`. */
  end: string;
}

export interface SlotOccurrence {
  slotId: string;
  /** Epoch ms. */
  start: number;
  end: number;
}

export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const MINUTES_PER_DAY = 24 * 60;

/** `HH:MM` → minutes from midnight (`24:00` → 1440); NaN when malformed. */
export function toMinutes(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return Number.NaN;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return Number.NaN;
  return h * 60 + m;
}

/** Minutes from midnight → `HH:MM` (1440 → `24:00`). */
export function toHHMM(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether two slots of the same day share any minute (ends are exclusive). */
export function overlaps(
  a: Pick<WeeklySlot, 'dayOfWeek' | 'start' | 'end'>,
  b: Pick<WeeklySlot, 'dayOfWeek' | 'start' | 'end'>,
): boolean {
  return (
    a.dayOfWeek === b.dayOfWeek &&
    toMinutes(a.start) < toMinutes(b.end) &&
    toMinutes(b.start) < toMinutes(a.end)
  );
}

/** The first slot of `slots` (other than `exceptId`) that `slot` overlaps, if any. */
export function findOverlap<S extends WeeklySlot>(
  slots: readonly S[],
  slot: Pick<WeeklySlot, 'dayOfWeek' | 'start' | 'end'>,
  exceptId?: string,
): S | undefined {
  return slots.find((s) => s.id !== exceptId && overlaps(s, slot));
}

/** Slots by day of week (1-7), each day by start. */
export function slotsByDay<S extends WeeklySlot>(slots: readonly S[]): Record<DayOfWeek, S[]> {
  const out = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] } as Record<DayOfWeek, S[]>;
  for (const s of slots) out[s.dayOfWeek as DayOfWeek]?.push(s);
  for (const d of DAYS_OF_WEEK) out[d].sort((a, b) => toMinutes(a.start) - toMinutes(b.start));
  return out;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a timezone. */
export function localDate(epochMs: number, timeZone: string): string {
  return dayjs(epochMs).tz(timeZone).format('YYYY-MM-DD');
}

/** `YYYY-MM-DD` plus whole calendar days (pure date arithmetic, no timezone). */
export function addCalendarDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** ISO day of week (1 Monday … 7 Sunday) of a calendar date. */
export function isoDayOfWeek(date: string): DayOfWeek {
  const d = dayjs.utc(date).day();
  return (d === 0 ? 7 : d) as DayOfWeek;
}

/** The instant of a wall-clock time (`HH:MM`, or `24:00` = the next midnight) on a date in a timezone. */
export function instantAt(date: string, hhmm: string, timeZone: string): number {
  if (hhmm === '24:00') return dayjs.tz(`${addCalendarDays(date, 1)}T00:00`, timeZone).valueOf();
  return dayjs.tz(`${date}T${hhmm}`, timeZone).valueOf();
}

/** Minutes from local midnight of an instant in a timezone (what a wall-clock grid places it at). */
export function wallClockMinutes(epochMs: number, timeZone: string): number {
  const local = dayjs(epochMs).tz(timeZone);
  return local.hour() * 60 + local.minute();
}

/**
 * Every occurrence of the weekly slots (wall-clock times in `timeZone`) that overlaps [from, to), by start.
 * A slot on a day whose clocks change lasts its wall-clock span (an hour shorter or longer in instants); a
 * wall-clock time in the hour the clocks skip is read an hour later, as a clock shows it.
 */
export function slotOccurrences(
  slots: readonly WeeklySlot[],
  timeZone: string,
  from: number,
  to: number,
): SlotOccurrence[] {
  if (!(to > from) || slots.length === 0) return [];
  const out: SlotOccurrence[] = [];
  const last = addCalendarDays(localDate(to, timeZone), 1);
  for (
    let date = addCalendarDays(localDate(from, timeZone), -1);
    date <= last;
    date = addCalendarDays(date, 1)
  ) {
    const day = isoDayOfWeek(date);
    for (const slot of slots) {
      if (slot.dayOfWeek !== day) continue;
      const start = instantAt(date, slot.start, timeZone);
      const end = instantAt(date, slot.end, timeZone);
      if (end > start && start < to && end > from) out.push({ slotId: slot.id, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || (a.slotId < b.slotId ? -1 : 1));
}

export interface WeekDay {
  /** `YYYY-MM-DD` in the week's timezone. */
  date: string;
  dayOfWeek: DayOfWeek;
  /** Local midnight and the next one (epoch ms): 23 or 25 hours apart on a day the clocks change. */
  start: number;
  end: number;
  /** The clocks change this day: forward (the day has 23 hours) or back (25). */
  clockChange: 'forward' | 'back' | null;
}

/** The Monday-to-Sunday week containing `at` in the timezone, `weekOffset` weeks later (or earlier). */
export function weekOf(at: number, timeZone: string, weekOffset = 0): WeekDay[] {
  const today = localDate(at, timeZone);
  const monday = addCalendarDays(today, 1 - isoDayOfWeek(today) + 7 * weekOffset);
  return DAYS_OF_WEEK.map((dayOfWeek, i) => {
    const date = addCalendarDays(monday, i);
    const start = instantAt(date, '00:00', timeZone);
    const end = instantAt(date, '24:00', timeZone);
    const hours = Math.round((end - start) / 3_600_000);
    return { date, dayOfWeek, start, end, clockChange: hours < 24 ? 'forward' : hours > 24 ? 'back' : null };
  });
}

export interface LocalOccurrence extends SlotOccurrence {
  /** The viewer's calendar date of the start. */
  date: string;
  /** Wall-clock `HH:MM` of start and end in the viewer's timezone. */
  startTime: string;
  endTime: string;
  /** The end falls on a later calendar date than the start, for the viewer. */
  endsNextDay: boolean;
}

/** Occurrences as a viewer in `timeZone` reads them: their own date and wall-clock times. */
export function inViewerTime(occurrences: readonly SlotOccurrence[], timeZone: string): LocalOccurrence[] {
  return occurrences.map((o) => {
    const s = dayjs(o.start).tz(timeZone);
    const e = dayjs(o.end).tz(timeZone);
    const date = s.format('YYYY-MM-DD');
    const endDate = e.format('YYYY-MM-DD');
    const midnight = endDate === addCalendarDays(date, 1) && e.hour() === 0 && e.minute() === 0;
    return {
      ...o,
      date,
      startTime: s.format('HH:mm'),
      endTime: midnight ? '24:00' : e.format('HH:mm'),
      endsNextDay: endDate > date && !midnight,
    };
  });
}

/** Local occurrences grouped by the viewer's date (dates in order). */
export function byDate(
  occurrences: readonly LocalOccurrence[],
): Array<{ date: string; occurrences: LocalOccurrence[] }> {
  const map = new Map<string, LocalOccurrence[]>();
  for (const o of occurrences) map.set(o.date, [...(map.get(o.date) ?? []), o]);
  return [...map.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([date, list]) => ({ date, occurrences: list }));
}
