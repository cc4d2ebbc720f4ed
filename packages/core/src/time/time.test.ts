import { describe, expect, it } from 'vitest';
import { addDays, atWallClock, formatDateTime, formatTime, sameDay, startOfDay } from './index.ts';

describe('time', () => {
  it('shows an instant in the given timezone', () => {
    const t = Date.UTC(2026, 2, 29, 12, 30); // Sunday 29 March 2026, 12:30 UTC: British Summer Time has begun
    expect(formatTime(t, 'Europe/London')).toBe('13:30');
    expect(formatTime(t, 'America/New_York')).toBe('08:30');
    expect(formatDateTime(t, 'UTC')).toContain('29 Mar 2026');
  });

  it('knows calendar days in a timezone, across the clock change', () => {
    const beforeMidnightUtc = Date.UTC(2026, 5, 1, 23, 30); // 00:30 on 2 June in London
    expect(sameDay(beforeMidnightUtc, Date.UTC(2026, 5, 2, 8), 'Europe/London')).toBe(true);
    expect(sameDay(beforeMidnightUtc, Date.UTC(2026, 5, 2, 8), 'UTC')).toBe(false);
    const day = startOfDay(Date.UTC(2026, 2, 29, 12), 'Europe/London');
    expect(day).toBe(Date.UTC(2026, 2, 29, 0)); // midnight GMT, before the change at 01:00
    expect(addDays(day, 1, 'Europe/London') - day).toBe(23 * 3600_000);
    expect(addDays(Date.UTC(2026, 9, 24, 8), 1, 'Europe/London') - Date.UTC(2026, 9, 24, 8)).toBe(
      25 * 3600_000,
    );
    expect(atWallClock('2026-03-29T09:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 8));
    expect(atWallClock('2026-03-28T09:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 28, 9));
  });
});
