// Screening outcomes of a period, as the NHS Talking Therapies manual counts them, from the shared clinical
// model (@tend/domain/screening/model: bands, caseness PHQ-9 ≥ 10 / GAD-7 ≥ 8, reliable change 6 / 4 points).
// Pure: the dashboards' figures and their tests use it.
import {
  SCREENINGS,
  change,
  isCase,
  severity,
  type ScreeningType,
  type Severity,
} from '@tend/domain/screening/model';

export interface TimedResult {
  patientId: string;
  at: Date;
  total: number;
}

export const OUTCOME_MEASURES = [
  'measured',
  'atCaseness',
  'movedOutOfCaseness',
  'reliableImprovement',
  'reliableDeterioration',
  'reliableRecovery',
] as const;
export type OutcomeMeasure = (typeof OUTCOME_MEASURES)[number];

export interface ScreeningOutcomes {
  /** Patients with at least one valid result in the period. */
  screened: number;
  /** Patients by the band of their latest result in the period, in the instrument's band order. */
  bands: Array<{ band: Severity; patients: number }>;
  /**
   * Of the patients with at least two results in the period, comparing the first with the last:
   * `measured` (how many), `atCaseness` (first at or above the caseness line), `movedOutOfCaseness` (first at
   * caseness, last below), `reliableImprovement` / `reliableDeterioration` (total fell / rose by at least the
   * reliable change), `reliableRecovery` (moved out of caseness with reliable improvement).
   */
  outcomes: Record<OutcomeMeasure, number>;
}

const validTotal = (type: ScreeningType, total: number) =>
  Number.isInteger(total) && total >= 0 && total <= SCREENINGS[type].maxTotal;

/** The outcomes of one instrument's results (any order; invalid totals are left out). */
export function screeningOutcomes(type: ScreeningType, results: readonly TimedResult[]): ScreeningOutcomes {
  const byPatient = new Map<string, TimedResult[]>();
  for (const r of results) {
    if (!validTotal(type, r.total)) continue;
    byPatient.set(r.patientId, [...(byPatient.get(r.patientId) ?? []), r]);
  }
  const bandCounts = new Map<Severity, number>();
  const outcomes: Record<OutcomeMeasure, number> = {
    measured: 0,
    atCaseness: 0,
    movedOutOfCaseness: 0,
    reliableImprovement: 0,
    reliableDeterioration: 0,
    reliableRecovery: 0,
  };
  for (const list of byPatient.values()) {
    const sorted = [...list].sort((a, b) => a.at.getTime() - b.at.getTime());
    const first = sorted[0]!;
    const last = sorted.at(-1)!;
    const band = severity(type, last.total);
    bandCounts.set(band, (bandCounts.get(band) ?? 0) + 1);
    if (sorted.length < 2) continue;
    outcomes.measured += 1;
    const c = change(type, first.total, last.total);
    const firstCase = isCase(type, first.total);
    if (firstCase) outcomes.atCaseness += 1;
    if (firstCase && !isCase(type, last.total)) outcomes.movedOutOfCaseness += 1;
    if (c.kind === 'reliable-improvement') outcomes.reliableImprovement += 1;
    if (c.kind === 'reliable-deterioration') outcomes.reliableDeterioration += 1;
    if (c.reliableRecovery) outcomes.reliableRecovery += 1;
  }
  return {
    screened: byPatient.size,
    bands: SCREENINGS[type].bands.map(([, band]) => ({ band, patients: bandCounts.get(band) ?? 0 })),
    outcomes,
  };
}
