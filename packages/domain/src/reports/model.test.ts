import { describe, expect, it } from 'vitest';
import {
  REPORT_TYPES,
  clockOf,
  fieldProblems,
  isPending,
  localTimeOf,
  monthDaysAt,
  newlyReady,
  parseRecipients,
  scheduleTimes,
  statusDisplay,
  toLocalSchedule,
  toServerSchedule,
  zipFileName,
  type ReportStatus,
} from './model.ts';
import en from './locales/en.json';

const WINTER = Date.parse('2026-01-14T12:00:00Z');
const SUMMER = Date.parse('2026-07-14T12:00:00Z');

describe('status → display', () => {
  it.each<[ReportStatus, boolean, boolean, boolean, number]>([
    ['queued', true, false, false, 10],
    ['running', true, false, false, 60],
    ['succeeded', false, true, false, 100],
    ['failed', false, false, true, 100],
  ])(
    '%s: pending %s, downloadable %s, retryable %s, progress %s',
    (status, pending, downloadable, retryable, progress) => {
      const d = statusDisplay(status);
      expect(d).toMatchObject({ key: status, pending, downloadable, retryable, progress });
      expect(isPending(status)).toBe(pending);
      expect(en.status[d.key]).toBeTruthy();
    },
  );

  it('every report type has words', () => {
    for (const type of REPORT_TYPES) expect(en.types[type]).toBeTruthy();
  });

  it('announces only reports seen pending that are now ready', () => {
    const before = new Map<string, ReportStatus>([
      ['a', 'running'],
      ['b', 'succeeded'],
      ['c', 'queued'],
      ['d', 'queued'],
    ]);
    expect(
      newlyReady(before, [
        { reportId: 'a', status: 'succeeded' },
        { reportId: 'b', status: 'succeeded' },
        { reportId: 'c', status: 'failed' },
        { reportId: 'e', status: 'succeeded' },
      ]),
    ).toEqual(['a']);
  });
});

describe('validation problems → field errors', () => {
  it('puts each problem under its field, with words for the server messages', () => {
    expect(
      fieldProblems([
        { field: 'to', message: 'must be after from' },
        { field: 'organisationIds/0', message: 'is not an organisation you administer' },
        { field: 'organisationIds/1', message: 'is not an organisation you administer' },
        { field: 'from', message: 'is not a valid date' },
      ]),
    ).toEqual([
      { field: 'to', key: 'toBeforeFrom', message: 'must be after from' },
      { field: 'organisationIds', key: 'notYours', message: 'is not an organisation you administer' },
      { field: 'from', key: 'invalidDate', message: 'is not a valid date' },
    ]);
  });

  it('keeps an unknown message and a field the form lacks (under the name), reading body. and / prefixes', () => {
    expect(
      fieldProblems([
        { field: 'body.to', message: 'must be at most 366 days after from' },
        { field: '/includeChildren', message: 'odd' },
      ]),
    ).toEqual([
      { field: 'to', key: 'tooLong', message: 'must be at most 366 days after from' },
      { field: 'name', key: 'other', message: 'odd' },
    ]);
    expect(fieldProblems([])).toEqual([]);
  });
});

describe('scheduler times in the administrator timezone', () => {
  /** Schedules as the server keeps them (UTC day and hour) and as the form holds them (local day, UTC hour). */
  const weeklyOnServer = (dayOfWeek: number, hour: number) => ({
    frequency: 'weekly' as const,
    dayOfWeek,
    dayOfMonth: null,
    hour,
  });
  const monthlyOnServer = (dayOfMonth: number, hour: number) => ({
    frequency: 'monthly' as const,
    dayOfWeek: null,
    dayOfMonth,
    hour,
  });
  const weeklyInForm = (dayOfWeek: number, utcHour: number, dayOfMonth = 1) => ({
    frequency: 'weekly' as const,
    dayOfWeek,
    dayOfMonth,
    utcHour,
  });

  it('shows a UTC hour as the local time and day it falls on', () => {
    expect(localTimeOf(6, 'UTC', WINTER)).toEqual({ utcHour: 6, minutes: 360, dayShift: 0 });
    expect(localTimeOf(6, 'Europe/London', SUMMER)).toEqual({ utcHour: 6, minutes: 420, dayShift: 0 });
    expect(localTimeOf(23, 'Europe/Berlin', WINTER)).toEqual({ utcHour: 23, minutes: 0, dayShift: 1 });
    expect(localTimeOf(2, 'America/New_York', WINTER)).toEqual({
      utcHour: 2,
      minutes: 21 * 60,
      dayShift: -1,
    });
    expect(localTimeOf(3, 'Asia/Kolkata', WINTER)).toEqual({ utcHour: 3, minutes: 8 * 60 + 30, dayShift: 0 });
  });

  it('offers 24 times a day in local order (half-hour zones keep their minutes)', () => {
    const times = scheduleTimes('Asia/Kolkata', WINTER);
    expect(times).toHaveLength(24);
    expect(times.map(clockOf).slice(0, 2)).toEqual(['00:30', '01:30']);
    expect(new Set(times.map((t) => t.utcHour)).size).toBe(24);
    expect(scheduleTimes('UTC', WINTER).map(clockOf)[9]).toBe('09:00');
  });

  it('weekly: the local day moves with the time across midnight, both ways', () => {
    // Monday 09:00 in Tokyo is Monday 00:00 UTC; Monday 08:00 is Sunday 23:00 UTC
    expect(toServerSchedule(weeklyInForm(1, 0), 'Asia/Tokyo', WINTER)).toEqual({
      ok: true,
      value: weeklyOnServer(1, 0),
    });
    expect(toServerSchedule(weeklyInForm(1, 23), 'Asia/Tokyo', WINTER)).toEqual({
      ok: true,
      value: weeklyOnServer(7, 23),
    });
    expect(toLocalSchedule(weeklyOnServer(7, 23), 'Asia/Tokyo', WINTER)).toEqual(weeklyInForm(1, 23, 2));
    // Sunday 21:00 in New York is Monday 02:00 UTC
    expect(toServerSchedule(weeklyInForm(7, 2), 'America/New_York', WINTER)).toMatchObject({
      value: { dayOfWeek: 1 },
    });
    expect(toLocalSchedule(weeklyOnServer(1, 2), 'America/New_York', WINTER)).toMatchObject({ dayOfWeek: 7 });
  });

  it('round-trips every day and hour in several zones, summer and winter', () => {
    for (const zone of ['Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland']) {
      for (const ref of [WINTER, SUMMER]) {
        for (let hour = 0; hour < 24; hour += 1) {
          const schedules = [
            ...Array.from({ length: 7 }, (_, i) => weeklyOnServer(i + 1, hour)),
            ...Array.from({ length: 28 }, (_, i) => monthlyOnServer(i + 1, hour)),
          ];
          for (const schedule of schedules) {
            const local = toLocalSchedule(schedule, zone, ref);
            expect(toServerSchedule(local, zone, ref)).toEqual({ ok: true, value: schedule });
          }
        }
      }
    }
  });

  it('monthly: a local day without a UTC day 1-28 is refused with the days that work', () => {
    // the 1st at 08:00 in Tokyo is the last day of the month before in UTC
    const refused = toServerSchedule(
      { frequency: 'monthly', dayOfWeek: 1, dayOfMonth: 1, utcHour: 23 },
      'Asia/Tokyo',
      WINTER,
    );
    expect(refused).toEqual({
      ok: false,
      field: 'dayOfMonth',
      allowed: monthDaysAt(23, 'Asia/Tokyo', WINTER),
    });
    expect(monthDaysAt(23, 'Asia/Tokyo', WINTER)).toEqual(Array.from({ length: 28 }, (_, i) => i + 2));
    expect(monthDaysAt(6, 'UTC', WINTER)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
  });

  it('daily sends no day', () => {
    expect(
      toServerSchedule(
        { frequency: 'daily', dayOfWeek: 3, dayOfMonth: 9, utcHour: 6 },
        'Europe/London',
        WINTER,
      ),
    ).toEqual({ ok: true, value: { frequency: 'daily', dayOfWeek: null, dayOfMonth: null, hour: 6 } });
  });
});

describe('small helpers', () => {
  it('reads recipients one a line or comma separated, once each, lower-case', () => {
    expect(parseRecipients(' Lead@Example.com,\nops@example.com; lead@example.com \n\n')).toEqual([
      'lead@example.com',
      'ops@example.com',
    ]);
    expect(parseRecipients('')).toEqual([]);
  });

  it('names the zip by day', () => {
    expect(zipFileName(new Date('2026-03-04T23:00:00Z'))).toBe('tend-reports-2026-03-04.zip');
  });
});
