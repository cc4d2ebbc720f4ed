import type { QueryClient } from '@tanstack/react-query';
import {
  getGetActivityCountersQueryKey,
  getGetActivityTotalsQueryKey,
  getGetLatestCbtEvidenceEntryQueryKey,
  getGetLatestCbtQueryKey,
  getGetLatestCbtScreeningQueryKey,
  getGetLatestCheckupQueryKey,
  getGetLatestHotThoughtEntryQueryKey,
  getGetLatestPositiveReadingQueryKey,
  getGetLatestQuizResultsQueryKey,
  getGetLatestResilienceQueryKey,
  getGetLatestRiskFactorQueryKey,
  getGetLatestScreeningQueryKey,
  getGetLatestUnhealthyThinkingQueryKey,
  getGetMyGraphQueryKey,
  getGetPatientMomentQueryKey,
  getListLatestAutomaticThoughtsEntriesQueryKey,
  getListLatestBeingObjectiveEntriesQueryKey,
  getListLatestCoreBeliefEntriesQueryKey,
  getListLatestRelaxationLevelsQueryKey,
  getListPatientMomentsInfiniteQueryKey,
  getListProgressMomentsInfiniteQueryKey,
} from '@tend/api';
import type { LatestScreening, Moment } from '@tend/api/model';

type Key = readonly unknown[];
/** The single "latest" reads a stored moment of a type replaces outright (setQueryData, no refetch). */
const LATEST_ONE: Partial<Record<Moment['eventType'], () => Key>> = {
  checkup: getGetLatestCheckupQueryKey,
  'cbt-hot-thought': getGetLatestHotThoughtEntryQueryKey,
  'cbt-evidence': getGetLatestCbtEvidenceEntryQueryKey,
  'cbt-unhealthy': getGetLatestUnhealthyThinkingQueryKey,
  'cbt-screening': getGetLatestCbtScreeningQueryKey,
  resilience: getGetLatestResilienceQueryKey,
  'risk-factor': getGetLatestRiskFactorQueryKey,
};
/** The lists a stored moment of a type changes (invalidated: their order and limits are the server's). */
const LISTS: Partial<Record<Moment['eventType'], Key[]>> = {
  'cbt-core-belief': [getListLatestCoreBeliefEntriesQueryKey()],
  'cbt-being-objective': [getListLatestBeingObjectiveEntriesQueryKey()],
  'cbt-automatic-thoughts': [getListLatestAutomaticThoughtsEntriesQueryKey()],
  relaxation: [getListLatestRelaxationLevelsQueryKey()],
  quiz: [getGetLatestQuizResultsQueryKey()],
  'positive-reading': [getGetLatestPositiveReadingQueryKey()],
  activity: [getGetActivityCountersQueryKey(), getGetActivityTotalsQueryKey()],
};
const PROGRESS: ReadonlyArray<Moment['eventType']> = [
  'checkup',
  'phq9',
  'gad7',
  'quiz',
  'resilience',
  'relaxation',
  'activity',
];

const newer = (a: Moment | null | undefined, b: Moment) =>
  !a || a.momentId === b.momentId || a.start <= b.start;

/**
 * The cache after the server stored the patient's moments: each "latest" read takes the stored moment when
 * it is the newest (from what the server answered), and only the lists these types belong to are refetched.
 */
export function afterMomentsStored(
  queryClient: QueryClient,
  patientId: string,
  stored: readonly Moment[],
): void {
  const types = new Set(stored.map((m) => m.eventType));
  for (const m of stored) {
    // The one moment as opened on its own page (getPatientMoment) is what the server stored.
    queryClient.setQueryData<Moment>(getGetPatientMomentQueryKey(patientId, m.momentId), m);
    const key = LATEST_ONE[m.eventType];
    if (key)
      queryClient.setQueryData<{ moment: Moment | null }>(key(), (old) =>
        newer(old?.moment, m) ? { moment: m } : old,
      );
    if (m.eventType.startsWith('cbt-'))
      queryClient.setQueryData<{ moment: Moment | null }>(getGetLatestCbtQueryKey(), (old) =>
        newer(old?.moment, m) ? { moment: m } : old,
      );
    if (m.eventType === 'phq9' || m.eventType === 'gad7') {
      const type = m.eventType;
      queryClient.setQueryData<LatestScreening>(getGetLatestScreeningQueryKey(), (old) =>
        old && !newer(old[type], m)
          ? old
          : ({ phq9: null, gad7: null, ...old, [type]: m } as LatestScreening),
      );
    }
  }
  const invalidate: Key[] = [getListPatientMomentsInfiniteQueryKey(patientId)];
  for (const t of types) invalidate.push(...(LISTS[t] ?? []));
  if ([...types].some((t) => PROGRESS.includes(t)))
    invalidate.push(getGetMyGraphQueryKey(), getListProgressMomentsInfiniteQueryKey());
  for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
}
