/** The caseload's pure model: paging over skip/limit, the rows once each, a row's latest screening results. */
import type { AssignedPatientPage, PatientSummary, RiskSummary } from '@tend/api/model';
import { change, isCase, severity, type ChangeKind, type ScreeningType, type Severity } from '../screening/model.ts';

/** Filters the server applies (search, high risk, shared data, lead); absent = no filter. */
export interface CaseloadFilters {
  search?: string | undefined;
  highRisk?: boolean | undefined;
  sharedData?: boolean | undefined;
  lead?: boolean | undefined;
}

/** The query parameters of the filters (a blank search is no search). */
export function filterParams(filters: CaseloadFilters): CaseloadFilters {
  const out: CaseloadFilters = {};
  const search = filters.search?.trim();
  if (search) out.search = search.slice(0, 100);
  if (filters.highRisk !== undefined) out.highRisk = filters.highRisk;
  if (filters.sharedData !== undefined) out.sharedData = filters.sharedData;
  if (filters.lead !== undefined) out.lead = filters.lead;
  return out;
}

/** The `skip` of the page after this one, or undefined at the end. */
export function nextSkip(page: Pick<AssignedPatientPage, 'skip' | 'items' | 'total'>): number | undefined {
  const next = page.skip + page.items.length;
  return page.items.length > 0 && next < page.total ? next : undefined;
}

/** Every loaded row once (a patient who moved up between pages is kept where first seen). */
export function patientsOf(pages: readonly AssignedPatientPage[] | undefined): PatientSummary[] {
  const seen = new Set<string>();
  const out: PatientSummary[] = [];
  for (const page of pages ?? []) {
    for (const p of page.items) {
      if (seen.has(p.patientId)) continue;
      seen.add(p.patientId);
      out.push(p);
    }
  }
  return out;
}

export interface LatestScore {
  type: ScreeningType;
  total: number;
  severity: Severity;
  aboveCaseness: boolean;
  at: string | null;
  /** Against the result before it (absent when there is none). */
  change?: { delta: number; kind: ChangeKind };
}

/** A row's latest PHQ-9 or GAD-7 with its band and the change since the one before, or null. */
export function latestScore(risk: RiskSummary, type: ScreeningType): LatestScore | null {
  const total = type === 'phq9' ? risk.latestPhq9Total : risk.latestGad7Total;
  if (total === null || total === undefined) return null;
  const previous = type === 'phq9' ? risk.previousPhq9Total : risk.previousGad7Total;
  const at = (type === 'phq9' ? risk.latestPhq9At : risk.latestGad7At) ?? null;
  const result: LatestScore = { type, total, severity: severity(type, total), aboveCaseness: isCase(type, total), at };
  if (previous !== null && previous !== undefined) {
    const c = change(type, previous, total);
    result.change = { delta: total - previous, kind: c.kind };
  }
  return result;
}

/** "Sam Taylor" (the screen name is shown beside it when there is one). */
export function patientName(p: Pick<PatientSummary, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}
