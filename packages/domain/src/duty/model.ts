import type { DutyShift } from '@tend/api/model';

/** The weekdays of a shift, 1 = Monday … 7 = Sunday (null: every day). */
export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A shift as the rota form edits it: times as HH:mm, the day as text ('every' or '1' … '7'). */
export interface ShiftRow {
  therapistId: string;
  day: string;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 540 → '09:00'; 1440 (midnight, the end of the day) → '24:00'. */
export function minutesToTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** '09:00' → 540; '24:00' → 1440; anything else → null. */
export function timeToMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 1440) return null;
  return minutes;
}

export function shiftsToRows(shifts: DutyShift[]): ShiftRow[] {
  return shifts.map((s) => ({
    therapistId: s.therapistId,
    day: s.day === null || s.day === undefined ? 'every' : String(s.day),
    start: minutesToTime(s.startMinute),
    end: minutesToTime(s.endMinute),
  }));
}

export function emptyShift(therapistId = ''): ShiftRow {
  return { therapistId, day: 'every', start: '00:00', end: '24:00' };
}

/** The rows as the contract's shifts, or the index of the first row whose times do not make a shift. */
export function rowsToShifts(rows: ShiftRow[]): { shifts: DutyShift[] } | { invalid: number } {
  const shifts: DutyShift[] = [];
  for (const [i, row] of rows.entries()) {
    const start = timeToMinutes(row.start);
    const end = timeToMinutes(row.end);
    if (!row.therapistId || start === null || end === null || start >= 1440 || end <= start)
      return { invalid: i };
    shifts.push({
      therapistId: row.therapistId,
      day: row.day === 'every' ? null : Number(row.day),
      startMinute: start,
      endMinute: end,
    });
  }
  return { shifts };
}
