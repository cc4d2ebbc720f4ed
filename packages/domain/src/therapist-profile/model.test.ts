import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  byDate,
  findOverlap,
  inViewerTime,
  instantAt,
  isoDayOfWeek,
  localDate,
  overlaps,
  slotOccurrences,
  slotsByDay,
  toHHMM,
  toMinutes,
  wallClockMinutes,
  weekOf,
  type WeeklySlot,
} from './model.ts';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const iso = (ms: number) => new Date(ms).toISOString();
const slot = (id: string, dayOfWeek: number, start: string, end: string): WeeklySlot => ({
  id,
  dayOfWeek,
  start,
  end,
});
/** The occurrences of `slots` kept in `zone` from one date to another (each at 00:00 UTC). */
const occurrencesBetween = (slots: WeeklySlot[], zone: string, from: string, to: string) =>
  slotOccurrences(slots, zone, Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`));
/** A UTC slot on Monday 1 June 2026 from `start` to `end`, as a viewer in `zone` sees it. */
const mondayUtcSlotIn = (zone: string, start: string, end: string) =>
  inViewerTime(occurrencesBetween([slot('x', 1, start, end)], 'UTC', '2026-06-01', '2026-06-02'), zone)[0]!;
/** An occurrence as the viewer reads it: date, start, end, and whether it ends the next day. */
const wallClock = (o: ReturnType<typeof inViewerTime>[number]) => [
  o.date,
  o.startTime,
  o.endTime,
  o.endsNextDay,
];

describe('wall-clock times', () => {
  it('reads and writes HH:MM, 24:00 included, and refuses nonsense', () => {
    expect(toMinutes('00:00')).toBe(0);
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('24:00')).toBe(1440);
    for (const bad of ['9:30', '24:01', '10:60', '25:00', 'ab:cd', '']) expect(toMinutes(bad), bad).toBeNaN();
    for (let m = 0; m <= 1440; m += 15) expect(toMinutes(toHHMM(m))).toBe(m);
  });

  it('finds overlaps on the same day only, ends exclusive', () => {
    expect(overlaps(slot('a', 1, '09:00', '12:00'), slot('b', 1, '11:59', '13:00'))).toBe(true);
    expect(overlaps(slot('a', 1, '09:00', '12:00'), slot('b', 1, '12:00', '13:00'))).toBe(false);
    expect(overlaps(slot('a', 1, '09:00', '12:00'), slot('b', 2, '10:00', '11:00'))).toBe(false);
    expect(overlaps(slot('a', 1, '09:00', '12:00'), slot('b', 1, '08:00', '24:00'))).toBe(true);
    const slots = [slot('a', 3, '09:00', '10:00'), slot('b', 3, '10:00', '11:00')];
    expect(findOverlap(slots, { dayOfWeek: 3, start: '09:30', end: '10:30' })?.id).toBe('a');
    expect(findOverlap(slots, { dayOfWeek: 3, start: '09:30', end: '10:00' }, 'a')).toBeUndefined();
    expect(
      slotsByDay([
        slot('b', 3, '10:00', '11:00'),
        slot('a', 3, '09:00', '10:00'),
        slot('c', 7, '09:00', '10:00'),
      ]),
    ).toMatchObject({ 3: [{ id: 'a' }, { id: 'b' }], 7: [{ id: 'c' }], 1: [] });
  });

  it('does calendar arithmetic on dates, and knows ISO weekdays', () => {
    expect(addCalendarDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoDayOfWeek('2026-03-29')).toBe(7);
    expect(isoDayOfWeek('2026-03-30')).toBe(1);
    expect(localDate(Date.UTC(2026, 2, 28, 23, 30), LONDON)).toBe('2026-03-28');
    expect(localDate(Date.UTC(2026, 5, 28, 23, 30), LONDON)).toBe('2026-06-29');
    expect(wallClockMinutes(Date.UTC(2026, 5, 28, 23, 30), LONDON)).toBe(30);
  });
});

describe('occurrences of weekly slots', () => {
  it('keeps the wall-clock time across the clocks going forward (29 March 2026 in London)', () => {
    const occ = occurrencesBetween([slot('sun', 7, '09:00', '10:00')], LONDON, '2026-03-16', '2026-04-06');
    expect(occ.map((o) => [iso(o.start), iso(o.end)])).toEqual([
      ['2026-03-22T09:00:00.000Z', '2026-03-22T10:00:00.000Z'],
      ['2026-03-29T08:00:00.000Z', '2026-03-29T09:00:00.000Z'],
      ['2026-04-05T08:00:00.000Z', '2026-04-05T09:00:00.000Z'],
    ]);
  });

  it('keeps it across the clocks going back (25 October 2026), and in the southern hemisphere', () => {
    const occ = occurrencesBetween([slot('sun', 7, '09:00', '10:00')], LONDON, '2026-10-18', '2026-11-02');
    expect(occ.map((o) => iso(o.start))).toEqual([
      '2026-10-18T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
    ]);
    // Sydney leaves daylight saving on 5 April 2026: 10:00 AEDT (+11) then 10:00 AEST (+10).
    const sydney = occurrencesBetween(
      [slot('mon', 1, '10:00', '11:00')],
      'Australia/Sydney',
      '2026-03-29',
      '2026-04-10',
    );
    expect(sydney.map((o) => iso(o.start))).toEqual(['2026-03-29T23:00:00.000Z', '2026-04-06T00:00:00.000Z']);
  });

  it('lasts its wall-clock span on the day of a change, and reads a skipped time as the clock shows it', () => {
    const from = Date.UTC(2026, 2, 28);
    const to = Date.UTC(2026, 2, 30);
    const [across] = slotOccurrences([slot('a', 7, '00:30', '02:30')], LONDON, from, to);
    expect([iso(across!.start), iso(across!.end)]).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);
    const [skipped] = slotOccurrences([slot('b', 7, '01:15', '01:45')], LONDON, from, to);
    expect(iso(skipped!.start)).toBe('2026-03-29T01:15:00.000Z');
    const [autumn] = occurrencesBetween([slot('c', 7, '00:30', '02:30')], LONDON, '2026-10-24', '2026-10-26');
    expect((autumn!.end - autumn!.start) / 3_600_000).toBe(3);
  });

  it('runs to midnight with 24:00, keeps the window, and sorts by start', () => {
    const slots = [slot('late', 1, '22:00', '24:00'), slot('early', 1, '08:00', '09:00')];
    const occ = occurrencesBetween(slots, LONDON, '2026-06-01', '2026-06-02');
    expect(occ.map((o) => [o.slotId, iso(o.start), iso(o.end)])).toEqual([
      ['early', '2026-06-01T07:00:00.000Z', '2026-06-01T08:00:00.000Z'],
      ['late', '2026-06-01T21:00:00.000Z', '2026-06-01T23:00:00.000Z'],
    ]);
    // An occurrence overlapping the window's edge is in; one wholly outside is not.
    const mondayEight = (from: number, to: number) =>
      slotOccurrences([slot('x', 1, '08:00', '09:00')], LONDON, from, to);
    expect(mondayEight(Date.UTC(2026, 5, 1, 7, 30), Date.UTC(2026, 5, 1, 7, 45))).toHaveLength(1);
    expect(mondayEight(Date.UTC(2026, 5, 1, 8), Date.UTC(2026, 5, 1, 9))).toHaveLength(0);
    expect(mondayEight(10, 5)).toEqual([]);
    expect(instantAt('2026-06-01', '24:00', LONDON)).toBe(Date.UTC(2026, 5, 1, 23));
  });
});

describe('the week a viewer sees', () => {
  it('is Monday to Sunday in the viewer’s timezone and says where the clocks change', () => {
    const week = weekOf(Date.UTC(2026, 2, 25, 12), LONDON);
    expect(week.map((d) => d.date)).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(week.map((d) => d.clockChange)).toEqual([null, null, null, null, null, null, 'forward']);
    expect(week[6]!.end - week[6]!.start).toBe(23 * 3_600_000);
    const autumn = weekOf(Date.UTC(2026, 9, 21), LONDON);
    expect(autumn[6]).toMatchObject({ date: '2026-10-25', clockChange: 'back' });
    expect(weekOf(Date.UTC(2026, 2, 25), LONDON, -1)[0]!.date).toBe('2026-03-16');
    expect(weekOf(Date.UTC(2026, 2, 29, 12), LONDON, 1)[0]!.date).toBe('2026-03-30');
  });

  it('shows a London slot at the New York wall-clock time of each date (their clocks changed on 8 March)', () => {
    const occ = occurrencesBetween([slot('sun', 7, '09:00', '10:00')], LONDON, '2026-03-01', '2026-04-01');
    const local = inViewerTime(occ, NEW_YORK);
    expect(local.map((o) => `${o.date} ${o.startTime}-${o.endTime}`)).toEqual([
      '2026-03-01 04:00-05:00', // GMT and EST: five hours
      '2026-03-08 05:00-06:00', // New York on EDT, London still GMT: four hours
      '2026-03-15 05:00-06:00',
      '2026-03-22 05:00-06:00',
      '2026-03-29 04:00-05:00', // both on summer time: five hours again
    ]);
  });

  it('moves a slot to another date where the viewer’s day differs, and marks one running past midnight', () => {
    const evenings = [slot('eve', 1, '22:00', '24:00'), slot('night', 2, '23:00', '24:00')];
    const occ = occurrencesBetween(evenings, LONDON, '2026-06-01', '2026-06-03');
    const tokyo = inViewerTime(occ, 'Asia/Tokyo');
    expect(tokyo.map(wallClock)).toEqual([
      ['2026-06-02', '06:00', '08:00', false],
      ['2026-06-03', '07:00', '08:00', false],
    ]);
    expect(wallClock(inViewerTime(occ, LONDON)[0]!)).toEqual(['2026-06-01', '22:00', '24:00', false]);
    // A UTC slot seen from zones ahead of UTC: the next date, and once running past midnight.
    for (const [zone, start, end, seen] of [
      ['Africa/Lagos', '23:00', '24:00', ['2026-06-02', '00:00', '01:00', false]],
      ['Europe/Paris', '22:00', '24:00', ['2026-06-02', '00:00', '02:00', false]],
      ['Europe/Paris', '20:00', '23:00', ['2026-06-01', '22:00', '01:00', true]],
    ] as const)
      expect(wallClock(mondayUtcSlotIn(zone, start, end)), `${zone} ${start}-${end}`).toEqual(seen);
    expect(byDate(tokyo).map((d) => d.date)).toEqual(['2026-06-02', '2026-06-03']);
  });
});
