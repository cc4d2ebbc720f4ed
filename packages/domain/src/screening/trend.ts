import { change, isCase, severity, type ChangeKind, type ScreeningType, type Severity } from './model.ts';

export interface TrendPoint {
  /** Epoch ms. */
  t: number;
  /** The total. */
  value: number;
}

export interface TrendRow extends TrendPoint {
  severity: Severity;
  aboveCaseness: boolean;
  /** Against the previous result (none for the first). */
  change?: { kind: ChangeKind; delta: number; reliableRecovery: boolean };
}

/** The rows a trend chart and its table show: oldest first, each with its band and its change from the one before. */
export function trendRows(type: ScreeningType, points: readonly TrendPoint[]): TrendRow[] {
  const sorted = [...points].filter((p) => Number.isFinite(p.value)).sort((a, b) => a.t - b.t);
  return sorted.map((p, i) => {
    const value = Math.round(p.value);
    const previous = sorted[i - 1];
    return {
      t: p.t,
      value,
      severity: severity(type, value),
      aboveCaseness: isCase(type, value),
      ...(previous ? { change: change(type, Math.round(previous.value), value) } : {}),
    };
  });
}
