import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  getListPatientMomentsInfiniteQueryKey,
  getMomentContent,
  useGetPatientMoment,
  useListPatientMomentsInfinite,
} from '@tend/api';
import type { EventType, Moment, PatientMomentPage } from '@tend/api/model';
import { downloadFile } from '@tend/ui';
import { momentsOf } from './model.ts';

export interface PatientMomentsOptions {
  /** Only these types (all when absent or empty). */
  types?: readonly EventType[];
  /** Page size (1-100, default 50). */
  limit?: number;
}

/**
 * A patient's moments, newest first, page by page with the contract's keyset cursor (`paginationCursor`), for
 * the patient themself or their therapist. `moments` is every loaded moment once.
 */
export function usePatientMoments(patientId: string | undefined, options: PatientMomentsOptions = {}) {
  const params = {
    ...(options.types?.length ? { types: [...options.types] } : {}),
    limit: options.limit ?? 50,
  };
  const query = useListPatientMomentsInfinite(patientId ?? '', params, {
    query: {
      enabled: Boolean(patientId),
      initialPageParam: undefined,
      getNextPageParam: (page) => page.paginationCursor ?? undefined,
    },
  });
  const pages = query.data?.pages;
  const moments = useMemo(() => momentsOf(pages), [pages]);
  return { ...query, moments };
}

/**
 * One of a patient's moments (getPatientMoment), for a page that opens one entry: shown at once from a list
 * already loaded (with that list's age, so a stale copy is fetched again), else fetched on its own, never by
 * paging through the list.
 */
export function usePatientMoment(patientId: string | undefined, momentId: string) {
  const queryClient = useQueryClient();
  const fromLists = () => {
    const lists = queryClient.getQueriesData<InfiniteData<PatientMomentPage>>({
      queryKey: getListPatientMomentsInfiniteQueryKey(patientId),
    });
    for (const [queryKey, data] of lists) {
      const moment = momentsOf(data?.pages).find((m) => m.momentId === momentId);
      if (moment) return { moment, at: queryClient.getQueryState(queryKey)?.dataUpdatedAt };
    }
    return undefined;
  };
  return useGetPatientMoment(patientId ?? '', momentId, {
    query: {
      enabled: Boolean(patientId && momentId),
      initialData: () => fromLists()?.moment,
      initialDataUpdatedAt: () => fromLists()?.at,
    },
  });
}

/** Downloads a file moment's bytes (getMomentContent) through the shared download helper. */
export function useDownloadMomentFile(patientId: string) {
  // Not the generated hook alone (a file handed to the browser): see the package README, Data hooks.
  return useMutation({
    mutationFn: async (moment: Extract<Moment, { eventType: 'file' }>) => {
      const blob = await getMomentContent(patientId, moment.momentId);
      downloadFile(blob, moment.body.fileName);
    },
  });
}
