import { describe, expect, it } from 'vitest';
import { formatTime } from '@tend/core/time';
import { nextOccurrences, secondsLeft, splitDuration } from './availability.ts';

// Wednesday 25 November 2026, 12:00 UTC.
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('nextOccurrences', () => {
  it('gives each weekly slot on its next date, sorted, as instants', () => {
    const rows = nextOccurrences(
      [
        { dayOfWeek: 1, start: '09:00', end: '12:00' },
        { dayOfWeek: 3, start: '14:00', end: '17:00' },
      ],
      'Europe/London',
      NOW,
    );
    expect(rows.map((r) => [new Date(r.start).toISOString(), new Date(r.end).toISOString()])).toEqual([
      ['2026-11-25T14:00:00.000Z', '2026-11-25T17:00:00.000Z'],
      ['2026-11-30T09:00:00.000Z', '2026-11-30T12:00:00.000Z'],
    ]);
  });

  it('shows a slot in the viewer’s own timezone, on another day when it falls there', () => {
    const [slot] = nextOccurrences([{ dayOfWeek: 4, start: '08:00', end: '09:30' }], 'Europe/London', NOW);
    expect(formatTime(slot!.start, 'America/New_York')).toMatch(/^0?3:00/);
    expect(formatTime(slot!.start, 'Asia/Tokyo')).toMatch(/^17:00/);
    const [late] = nextOccurrences(
      [{ dayOfWeek: 5, start: '22:00', end: '23:00' }],
      'America/Los_Angeles',
      NOW,
    );
    // Friday 22:00 in Los Angeles is Saturday 06:00 in London.
    expect(new Date(late!.start).toISOString()).toBe('2026-11-28T06:00:00.000Z');
  });

  it('gives a slot already over today for next week, one still running for today, and 24:00 as midnight', () => {
    const rows = nextOccurrences(
      [
        { dayOfWeek: 3, start: '08:00', end: '10:00' },
        { dayOfWeek: 3, start: '11:00', end: '13:00' },
        { dayOfWeek: 6, start: '20:00', end: '24:00' },
      ],
      'UTC',
      NOW,
    );
    expect(rows.map((r) => new Date(r.start).toISOString())).toEqual([
      '2026-11-25T11:00:00.000Z',
      '2026-11-28T20:00:00.000Z',
      '2026-12-02T08:00:00.000Z',
    ]);
    expect(new Date(rows[1]!.end).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  it('keeps the therapist’s wall clock across a daylight-saving change', () => {
    // Saturday 28 March 2026; the clocks go forward in London on Sunday 29 March.
    const saturday = Date.parse('2026-03-28T12:00:00Z');
    const [sunday, monday] = nextOccurrences(
      [
        { dayOfWeek: 7, start: '10:00', end: '11:00' },
        { dayOfWeek: 1, start: '10:00', end: '11:00' },
      ],
      'Europe/London',
      saturday,
    );
    expect(new Date(sunday!.start).toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(new Date(monday!.start).toISOString()).toBe('2026-03-30T09:00:00.000Z');
  });

  it('answers nothing for no slots', () => {
    expect(nextOccurrences([], 'UTC', NOW)).toEqual([]);
  });
});

describe('the access code countdown', () => {
  it('counts whole seconds down to zero, never below', () => {
    expect(secondsLeft('2026-11-25T13:01:01.500Z', NOW)).toBe(3661);
    expect(secondsLeft('2026-11-25T11:00:00Z', NOW)).toBe(0);
    expect(splitDuration(3661)).toEqual({ hours: 1, minutes: 1, seconds: 1 });
    expect(splitDuration(86_399)).toEqual({ hours: 23, minutes: 59, seconds: 59 });
  });
});
