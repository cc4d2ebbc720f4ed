import {
  useGetLatestCbtEvidenceEntry,
  useGetLatestCbtScreening,
  useGetLatestCheckup,
  useGetLatestHotThoughtEntry,
  useGetLatestPositiveReading,
  useGetLatestQuizResults,
  useGetLatestResilience,
  useGetLatestRiskFactor,
  useGetLatestScreening,
  useGetLatestUnhealthyThinking,
  useListLatestAutomaticThoughtsEntries,
  useListLatestBeingObjectiveEntries,
  useListLatestCoreBeliefEntries,
  useListLatestRelaxationLevels,
} from '@tend/api';
import type { Moment } from '@tend/api/model';

/** The patient's latest daily check-up ({ moment } or { moment: null }). */
export const useLatestCheckup = () => useGetLatestCheckup();
/** The patient's latest PHQ-9 and GAD-7 ({ phq9, gad7 }, each null when none). */
export const useLatestScreening = () => useGetLatestScreening();
export const useLatestRelaxationLevels = (count = 10) => useListLatestRelaxationLevels({ count });
export const useLatestQuizResults = () => useGetLatestQuizResults();
export const useLatestResilience = () => useGetLatestResilience();
export const useLatestRiskFactor = () => useGetLatestRiskFactor();
export const useLatestPositiveReading = () => useGetLatestPositiveReading({ mergeReadings: false });

export type CbtType = Extract<Moment['eventType'], `cbt-${string}`>;
export type CbtMoment = Extract<Moment, { eventType: CbtType }>;

/**
 * The latest entry of one CBT exercise (unfinished or last), whichever latest-* call serves it; the other
 * calls stay disabled. Answers the moment (null when none) and the query's state.
 */
export function useLatestCbtEntry(type: CbtType) {
  const on = (t: CbtType) => ({ query: { enabled: type === t } });
  const hot = useGetLatestHotThoughtEntry(on('cbt-hot-thought'));
  const evidence = useGetLatestCbtEvidenceEntry(on('cbt-evidence'));
  const unhealthy = useGetLatestUnhealthyThinking(on('cbt-unhealthy'));
  const screening = useGetLatestCbtScreening(on('cbt-screening'));
  const core = useListLatestCoreBeliefEntries({ limit: 1 }, on('cbt-core-belief'));
  const objective = useListLatestBeingObjectiveEntries({ limit: 1 }, on('cbt-being-objective'));
  const thoughts = useListLatestAutomaticThoughtsEntries({ limit: 1 }, on('cbt-automatic-thoughts'));
  const single = {
    'cbt-hot-thought': hot,
    'cbt-evidence': evidence,
    'cbt-unhealthy': unhealthy,
    'cbt-screening': screening,
  } as const;
  const lists = {
    'cbt-core-belief': core,
    'cbt-being-objective': objective,
    'cbt-automatic-thoughts': thoughts,
  } as const;
  if (type in single) {
    const q = single[type as keyof typeof single];
    const m = q.data?.moment;
    return {
      moment: m && m.eventType === type ? (m as CbtMoment) : null,
      isPending: q.isPending,
      error: q.error,
      refetch: q.refetch,
    };
  }
  const q = lists[type as keyof typeof lists];
  return {
    moment: (q.data?.items[0] as CbtMoment | undefined) ?? null,
    isPending: q.isPending,
    error: q.error,
    refetch: q.refetch,
  };
}
