import { describe, expect, it } from 'vitest';
import { trendRows } from './trend.ts';

describe('trendRows', () => {
  it('orders the results and marks bands, caseness and reliable change against the previous one', () => {
    const rows = trendRows('phq9', [
      { t: 3, value: 8 },
      { t: 1, value: 16 },
      { t: 2, value: 15 },
    ]);
    expect(rows.map((r) => [r.t, r.value, r.severity, r.aboveCaseness, r.change?.kind])).toEqual([
      [1, 16, 'moderately-severe', true, undefined],
      [2, 15, 'moderately-severe', true, 'no-reliable-change'],
      [3, 8, 'mild', false, 'reliable-improvement'],
    ]);
    expect(rows[2]!.change).toEqual({ kind: 'reliable-improvement', delta: -7, reliableRecovery: true });
  });

  it('uses the GAD-7 lines (caseness 8, reliable change 4)', () => {
    const rows = trendRows('gad7', [
      { t: 1, value: 7 },
      { t: 2, value: 11 },
    ]);
    expect(rows.map((r) => r.aboveCaseness)).toEqual([false, true]);
    expect(rows[1]!.change?.kind).toBe('reliable-deterioration');
  });
});
