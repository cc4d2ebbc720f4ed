import { describe, expect, it } from 'vitest';
import { screeningOutcomes, type TimedResult } from './outcomes.ts';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const r = (patientId: string, day: number, total: number): TimedResult => ({ patientId, at: at(day), total });

describe('screening outcomes (first and last result of each patient with two or more)', () => {
  it('counts PHQ-9 caseness (≥ 10), moving out of it and reliable change (6 points)', () => {
    const o = screeningOutcomes('phq9', [
      // moved out of caseness with reliable improvement (recovery): 15 → 8
      r('a', 1, 15),
      r('a', 20, 8),
      // moved out of caseness without reliable change: 10 → 9
      r('b', 1, 10),
      r('b', 5, 9),
      // reliable deterioration, into caseness: 4 → 10; the middle result does not count
      r('c', 1, 4),
      r('c', 3, 20),
      r('c', 9, 10),
      // reliable improvement staying at caseness: 27 → 21
      r('d', 1, 27),
      r('d', 2, 21),
      // exactly 5 points: not reliable
      r('e', 1, 12),
      r('e', 2, 17),
      // one result: banded, not measured
      r('f', 1, 3),
    ]);
    expect(o.screened).toBe(6);
    expect(o.outcomes).toEqual({
      measured: 5,
      atCaseness: 4,
      movedOutOfCaseness: 2,
      reliableImprovement: 2,
      reliableDeterioration: 1,
      reliableRecovery: 1,
    });
    // latest results: a 8 mild, b 9 mild, c 10 moderate, d 21 severe, e 17 moderately severe, f 3 minimal
    expect(o.bands).toEqual([
      { band: 'minimal', patients: 1 },
      { band: 'mild', patients: 2 },
      { band: 'moderate', patients: 1 },
      { band: 'moderately-severe', patients: 1 },
      { band: 'severe', patients: 1 },
    ]);
  });

  it('orders each patient’s results by time, whatever order they come in', () => {
    const o = screeningOutcomes('phq9', [r('a', 20, 8), r('a', 1, 15)]);
    expect(o.outcomes.movedOutOfCaseness).toBe(1);
    expect(o.outcomes.reliableImprovement).toBe(1);
  });

  it('counts GAD-7 caseness (≥ 8) and reliable change (4 points)', () => {
    const o = screeningOutcomes('gad7', [
      r('a', 1, 8),
      r('a', 2, 4), // out of caseness, reliable improvement (4 points): recovery
      r('b', 1, 7),
      r('b', 2, 11), // deterioration by 4, into caseness
      r('c', 1, 9),
      r('c', 2, 6), // out of caseness, 3 points: not reliable
      r('d', 1, 21), // one result
    ]);
    expect(o.outcomes).toEqual({
      measured: 3,
      atCaseness: 2,
      movedOutOfCaseness: 2,
      reliableImprovement: 1,
      reliableDeterioration: 1,
      reliableRecovery: 1,
    });
    expect(o.bands).toEqual([
      { band: 'minimal', patients: 1 },
      { band: 'mild', patients: 1 },
      { band: 'moderate', patients: 1 },
      { band: 'severe', patients: 1 },
    ]);
  });

  it('leaves out totals that are not a valid score, and answers zeros for no results', () => {
    const o = screeningOutcomes('gad7', [r('a', 1, 22), r('a', 2, -1), r('a', 3, 2.5), r('b', 1, 3)]);
    expect(o.screened).toBe(1);
    expect(o.outcomes.measured).toBe(0);
    const none = screeningOutcomes('phq9', []);
    expect(none.screened).toBe(0);
    expect(none.bands.every((b) => b.patients === 0)).toBe(true);
    expect(Object.values(none.outcomes).every((n) => n === 0)).toBe(true);
  });
});
