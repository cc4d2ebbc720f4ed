// The pure model of the admin console's reports: a report's status as words and progress, the scheduler's
// settings between the server (UTC hour, ISO day of week, day of month 1-28, all in UTC) and the
// administrator's own timezone, and the server's validation problems as form field errors.
import { dayjs } from '@tend/core/time';
import type { Report, ReportSchedule } from '@tend/api/model';

export type ReportStatus = Report['status'];
export type ReportFrequency = ReportSchedule['frequency'];

export const REPORT_TYPES = [
  'usage',
  'screening-outcomes',
  'engagement',
  'chat-activity',
  'survey-responses',
] as const satisfies readonly Report['type'][];
export const REPORT_FREQUENCIES = [
  'daily',
  'weekly',
  'monthly',
] as const satisfies readonly ReportFrequency[];

/** A report's status as a list row shows it: its words, the progress bar and what can be done with it. */
export interface StatusDisplay {
  /** Key under `reports.status.` */
  key: ReportStatus;
  /** The bar's value: the steps done of queued → running → ready (failed shows a full red bar). */
  progress: number;
  color: 'gray' | 'blue' | 'teal' | 'red';
  /** Still being made: the bar moves and the report is asked again until it is done. */
  pending: boolean;
  downloadable: boolean;
  retryable: boolean;
}

const DISPLAY: Record<ReportStatus, StatusDisplay> = {
  queued: {
    key: 'queued',
    progress: 10,
    color: 'gray',
    pending: true,
    downloadable: false,
    retryable: false,
  },
  running: {
    key: 'running',
    progress: 60,
    color: 'blue',
    pending: true,
    downloadable: false,
    retryable: false,
  },
  succeeded: {
    key: 'succeeded',
    progress: 100,
    color: 'teal',
    pending: false,
    downloadable: true,
    retryable: false,
  },
  failed: {
    key: 'failed',
    progress: 100,
    color: 'red',
    pending: false,
    downloadable: false,
    retryable: true,
  },
};

export function statusDisplay(status: ReportStatus): StatusDisplay {
  return DISPLAY[status];
}

export function isPending(status: ReportStatus): boolean {
  return DISPLAY[status].pending;
}

/** The reports of `before` that have become ready in `after` (what the list announces). */
export function newlyReady(
  before: ReadonlyMap<string, ReportStatus>,
  after: readonly Pick<Report, 'reportId' | 'status'>[],
): string[] {
  return after
    .filter(
      (r) => r.status === 'succeeded' && before.has(r.reportId) && before.get(r.reportId) !== 'succeeded',
    )
    .map((r) => r.reportId);
}

// ── validation ────────────────────────────────────────────────────────────────────────────────────

/** The form's fields a problem can be about. */
export type ReportField = 'name' | 'type' | 'organisationIds' | 'from' | 'to';

/** Words for the server's validation messages (validateReport, createReport's 400), by message. */
const PROBLEM_KEYS: Record<string, ProblemKey> = {
  'is not a valid date': 'invalidDate',
  'must be after from': 'toBeforeFrom',
  'must be at most 366 days after from': 'tooLong',
  'is not an organisation you administer': 'notYours',
  "can't be blank": 'blank',
};
export type ProblemKey = 'invalidDate' | 'toBeforeFrom' | 'tooLong' | 'notYours' | 'blank' | 'other';

export interface FieldProblem {
  field: ReportField;
  /** Key under `reports.problems.`; `other` shows the server's own `message`. */
  key: ProblemKey;
  message: string;
}

const FIELDS = new Set<ReportField>(['name', 'type', 'organisationIds', 'from', 'to']);

/**
 * The server's problems (`field` as a JSON pointer without the slash: `to`, `organisationIds/0`) as one
 * problem per form field (the first for each field), each under the field it is about; a problem about a
 * field the form does not have goes under `name`, so none is lost.
 */
export function fieldProblems(problems: readonly { field: string; message: string }[]): FieldProblem[] {
  const out = new Map<ReportField, FieldProblem>();
  for (const p of problems) {
    const head = p.field.replace(/^\/?(body[./])?/, '').split(/[/.[]/)[0] as ReportField;
    const field: ReportField = FIELDS.has(head) ? head : 'name';
    if (!out.has(field))
      out.set(field, { field, key: PROBLEM_KEYS[p.message] ?? 'other', message: p.message });
  }
  return [...out.values()];
}

// ── scheduler times in the administrator's timezone ──────────────────────────────────────────────

/** The scheduler's settings as the administrator sees them: day in their timezone, time as the UTC hour it is. */
export interface LocalSchedule {
  frequency: ReportFrequency;
  /** ISO day of week (1 Monday) in the administrator's timezone. */
  dayOfWeek: number;
  /** Day of the month in the administrator's timezone. */
  dayOfMonth: number;
  /** The server's hour (UTC); the form shows it as the local time it falls on. */
  utcHour: number;
}

/** One time the scheduler can run at, in the administrator's timezone. */
export interface LocalTime {
  utcHour: number;
  /** Minutes after local midnight (for ordering and display). */
  minutes: number;
  /** -1, 0 or 1: the local day against the UTC day at that time. */
  dayShift: number;
}

/** The instant the conversion is made for (the offset of a timezone changes with daylight saving). */
const refDay = (ref: Date | number) => dayjs.utc(ref).startOf('day');

/** Where UTC hour `utcHour` (on the day of `ref`) falls in `timeZone`. */
export function localTimeOf(utcHour: number, timeZone: string, ref: Date | number = Date.now()): LocalTime {
  const utc = refDay(ref).hour(utcHour);
  const local = utc.tz(timeZone);
  const utcDate = utc.format('YYYY-MM-DD');
  const localDate = local.format('YYYY-MM-DD');
  const dayShift = localDate === utcDate ? 0 : localDate > utcDate ? 1 : -1;
  return { utcHour, minutes: local.hour() * 60 + local.minute(), dayShift };
}

/** The 24 times a day the scheduler can run at, as local times of `timeZone`, earliest first. */
export function scheduleTimes(timeZone: string, ref: Date | number = Date.now()): LocalTime[] {
  return Array.from({ length: 24 }, (_, h) => localTimeOf(h, timeZone, ref)).sort(
    (a, b) => a.minutes - b.minutes,
  );
}

/** "HH:mm" of a local time (24-hour; the form's option text and what it announces). */
export function clockOf(time: Pick<LocalTime, 'minutes'>): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(time.minutes / 60))}:${pad(time.minutes % 60)}`;
}

const wrapWeekday = (d: number) => ((((d - 1) % 7) + 7) % 7) + 1;

/** The days of the month the administrator can pick at `utcHour`: those whose UTC day is 1-28. */
export function monthDaysAt(utcHour: number, timeZone: string, ref: Date | number = Date.now()): number[] {
  const { dayShift } = localTimeOf(utcHour, timeZone, ref);
  return Array.from({ length: 28 }, (_, i) => i + 1 + dayShift);
}

/** The server's settings as the administrator sees them in `timeZone`. */
export function toLocalSchedule(
  s: Pick<ReportSchedule, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour'>,
  timeZone: string,
  ref: Date | number = Date.now(),
): LocalSchedule {
  const utcHour = s.hour ?? 6;
  const { dayShift } = localTimeOf(utcHour, timeZone, ref);
  return {
    frequency: s.frequency,
    // a day the server has not got (another frequency) starts on Monday, or the first day of the month that works
    dayOfWeek: s.dayOfWeek == null ? 1 : wrapWeekday(s.dayOfWeek + dayShift),
    dayOfMonth: s.dayOfMonth == null ? Math.max(1, 1 + dayShift) : s.dayOfMonth + dayShift,
    utcHour,
  };
}

export type ScheduleConversion =
  | {
      ok: true;
      value: {
        frequency: ReportFrequency;
        dayOfWeek: number | null;
        dayOfMonth: number | null;
        hour: number;
      };
    }
  | { ok: false; field: 'dayOfMonth'; allowed: number[] };

/** The administrator's settings as the server keeps them (UTC); a day of the month that has no UTC day 1-28 is refused. */
export function toServerSchedule(
  local: LocalSchedule,
  timeZone: string,
  ref: Date | number = Date.now(),
): ScheduleConversion {
  const { dayShift } = localTimeOf(local.utcHour, timeZone, ref);
  const base = { frequency: local.frequency, hour: local.utcHour };
  if (local.frequency === 'daily') return { ok: true, value: { ...base, dayOfWeek: null, dayOfMonth: null } };
  if (local.frequency === 'weekly')
    return {
      ok: true,
      value: { ...base, dayOfWeek: wrapWeekday(local.dayOfWeek - dayShift), dayOfMonth: null },
    };
  const utcDay = local.dayOfMonth - dayShift;
  if (utcDay < 1 || utcDay > 28)
    return { ok: false, field: 'dayOfMonth', allowed: monthDaysAt(local.utcHour, timeZone, ref) };
  return { ok: true, value: { ...base, dayOfWeek: null, dayOfMonth: utcDay } };
}

/** Recipients typed one per line or separated by commas or semicolons: trimmed, lower-case, once each. */
export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((r) => r.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The ZIP's file name (the server's own name is in a header the browser does not hand over here). */
export function zipFileName(now: Date = new Date()): string {
  return `tend-reports-${now.toISOString().slice(0, 10)}.zip`;
}

export function scheduledFileName(organisationId: string, now: Date = new Date()): string {
  return `${organisationId}-scheduled-report-${now.toISOString().slice(0, 10)}.csv`;
}
