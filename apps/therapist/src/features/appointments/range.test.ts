import { describe, expect, it } from 'vitest';
import { byDay, rangeOf } from './range.ts';

const zone = 'Europe/London';

describe('rangeOf', () => {
  it('gives the week from Monday midnight to the next Monday midnight in the timezone', () => {
    // Wednesday 25 November 2026, 15:00 in London
    const r = rangeOf('week', Date.parse('2026-11-25T15:00:00Z'), 0, zone);
    expect(new Date(r.from).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(r.to).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(r.days).toHaveLength(7);
  });

  it('keeps each day at local midnight across the clocks going back (a 169-hour week)', () => {
    // The week of Sunday 25 October 2026, when London leaves summer time
    const r = rangeOf('week', Date.parse('2026-10-21T12:00:00Z'), 0, zone);
    expect(new Date(r.from).toISOString()).toBe('2026-10-18T23:00:00.000Z');
    expect(new Date(r.days[6]!).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(new Date(r.to).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect((r.to - r.from) / 3_600_000).toBe(169);
  });

  it('moves by calendar days in the day view across the clocks going forward', () => {
    const r = rangeOf('day', Date.parse('2026-03-28T12:00:00Z'), 1, zone);
    expect(new Date(r.from).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect((r.to - r.from) / 3_600_000).toBe(23);
  });

  it('counts the week in the therapist’s timezone, not UTC', () => {
    // Monday 00:30 in Auckland is still Sunday in UTC
    const r = rangeOf('week', Date.parse('2026-11-22T11:30:00Z'), 0, 'Pacific/Auckland');
    expect(new Date(r.from).toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });
});

describe('byDay', () => {
  it('puts an appointment on the day it starts in the timezone, in order', () => {
    const r = rangeOf('week', Date.parse('2026-11-25T15:00:00Z'), 0, 'America/New_York');
    const groups = byDay(
      [{ start: '2026-11-26T03:00:00Z' }, { start: '2026-11-24T15:00:00Z' }],
      r.days,
      'America/New_York',
    );
    // 03:00 UTC on Thursday is 22:00 on Wednesday in New York
    expect(groups.map((g) => g.items.length)).toEqual([0, 1, 1, 0, 0, 0, 0]);
  });
});
