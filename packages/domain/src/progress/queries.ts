import { useGetMyGraph, useListProgressMomentsInfinite } from '@tend/api';
import { momentsOf } from '../moments/model.ts';

/** The patient's time series in [from, to): PHQ-9 and GAD-7 totals, check-up mood, activity minutes per day. */
export function useMyGraph(from: number, to: number) {
  return useGetMyGraph({ startFrom: from, endAt: to }, { query: { enabled: to > from } });
}

/** The patient's progress moments in [from, to) (check-ups, screenings, quizzes, resilience, relaxation), newest first, paged. */
export function useProgressMoments(from: number, to: number, limit = 50) {
  const query = useListProgressMomentsInfinite(
    { from, to, limit },
    {
      query: {
        enabled: to > from,
        initialPageParam: undefined,
        getNextPageParam: (page) => page.lastDoc ?? undefined,
      },
    },
  );
  return {
    ...query,
    moments: momentsOf(query.data?.pages.map((p) => ({ items: p.items, paginationCursor: p.lastDoc }))),
  };
}
