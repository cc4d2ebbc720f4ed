/** The caseload's pure model: paging over skip/limit, the rows once each, a row's latest screening results. */
import type { AssignedPatientPage, PatientSummary, RiskSummary } from '@tend/api/model';
import {
  change,
  isCase,
  severity,
  type ChangeKind,
  type ScreeningType,
  type Severity,
} from '../screening/model.ts';

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

/** The `skip` of the page after this one, or undefined at the end (any skip/limit list of the contract). */
/** The keyset cursor of the next page (`paginationCursor`), or undefined at the end. */
export const nextCursor = (page: { paginationCursor?: string | null }): string | undefined =>
  page.paginationCursor ?? undefined;

export function nextSkip(page: {
  skip: number;
  items: readonly unknown[];
  total: number;
}): number | undefined {
  const next = page.skip + page.items.length;
  return page.items.length > 0 && next < page.total ? next : undefined;
}

/** Every loaded item of a paged list once, by its id (an item that moved between pages is kept where first seen). */
export function uniqueBy<T>(
  pages: ReadonlyArray<{ items: readonly T[] }> | undefined,
  id: (item: T) => string,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      const key = id(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** Every loaded row once. */
export const patientsOf = (pages: readonly AssignedPatientPage[] | undefined): PatientSummary[] =>
  uniqueBy(pages, (p) => p.patientId);

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
  const result: LatestScore = {
    type,
    total,
    severity: severity(type, total),
    aboveCaseness: isCase(type, total),
    at,
  };
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
