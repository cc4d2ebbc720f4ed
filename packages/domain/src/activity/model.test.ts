import { describe, expect, it } from 'vitest';
import { streakDays, sumCounts, utcDay } from './model.ts';

const DAY = 86_400_000;
const today = Date.UTC(2026, 4, 20, 15);
const day = (n: number, value = 5) => ({ t: utcDay(today) - n * DAY, value });

describe('activity streaks', () => {
  it('counts the days in a row ending today', () => {
    expect(streakDays([day(0), day(1), day(2), day(4)], today)).toBe(3);
  });
  it('keeps yesterday’s streak until today is over', () => {
    expect(streakDays([day(1), day(2)], today)).toBe(2);
  });
  it('is 0 with no activity today or yesterday; a short activity (0 minutes rounded) counts', () => {
    expect(streakDays([day(2), day(3)], today)).toBe(0);
    expect(streakDays([day(0, 0), day(1, 0.1)], today)).toBe(2);
    expect(streakDays([], today)).toBe(0);
  });
  it('sums counters', () => {
    expect(sumCounts({ breathing: 2, quiz: 1 })).toBe(3);
    expect(sumCounts(undefined)).toBe(0);
  });
});
