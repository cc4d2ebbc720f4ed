import { useQueries, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  getGetOrganisationMergedQueryOptions,
  getGetSurveyConfigQueryKey,
  getListSurveyOrganisationsQueryKey,
  getListSurveySessionsQueryKey,
  getListSurveysInfiniteQueryKey,
  useCreateSurvey as useCreateSurveyCall,
  useDeleteSurvey as useDeleteSurveyCall,
  useGetSurveyConfig,
  useListSurveyOrganisations,
  useListSurveysInfinite,
  useSetSurveyOrganisations as useSetSurveyOrganisationsCall,
  useUpdateSurveyConfig,
} from '@tend/api';
import type { Survey, SurveyConfig, SurveyOrganisations, SurveyPage } from '@tend/api/model';
import { useLoadedItems } from '../loadedItems.ts';

// The admin console's surveys: the list (startAfter pages), a survey's config (with its ETag) and the
// organisations it goes to, created, saved and deleted. Every change puts what the server answered into the
// cache (the list's row, the config, the organisations): nothing is read again for it.

/** The query keys of the surveys subject, in one place (the generated keys). */
export const surveyKeys = {
  list: () => getListSurveysInfiniteQueryKey(),
  config: (surveyId: string) => getGetSurveyConfigQueryKey(surveyId),
  organisations: (surveyId: string) => getListSurveyOrganisationsQueryKey(surveyId),
  sessions: () => getListSurveySessionsQueryKey(),
};

type Pages = InfiniteData<SurveyPage, string | undefined>;

const retryUnlessRefused = (failures: number, error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403 || status === 404) return false;
  return failures < 2;
};

/** The surveys the administrator sees, oldest first, 25 a page (`startAfter`); `surveys` is every loaded row. */
export function useSurveyList() {
  const query = useListSurveysInfinite(undefined, {
    query: {
      initialPageParam: undefined,
      getNextPageParam: (page) => page.startAfter ?? undefined,
      staleTime: 30_000,
    },
  });
  const pages = query.data?.pages;
  const surveys = useLoadedItems(pages);
  return { ...query, surveys };
}

/** One survey's row from the loaded list (undefined when it is not loaded). */
export function useSurveySummary(surveyId: string): Survey | undefined {
  const queryClient = useQueryClient();
  const pages = queryClient.getQueryData<Pages>(surveyKeys.list());
  return pages?.pages.flatMap((p) => p.items).find((s) => s.surveyId === surveyId);
}

function useSurveyCache() {
  const queryClient = useQueryClient();
  const updateRows = (change: (items: Survey[], last: boolean) => Survey[]) =>
    queryClient.setQueryData<Pages>(surveyKeys.list(), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p, i) => ({
              ...p,
              items: change(p.items, i === data.pages.length - 1 && p.startAfter === null),
            })),
          }
        : data,
    );
  return {
    /** A new survey goes at the end of the list, when its end is loaded (otherwise its page brings it). */
    added(survey: Survey) {
      updateRows((items, last) =>
        last && !items.some((s) => s.surveyId === survey.surveyId) ? [...items, survey] : items,
      );
      queryClient.setQueryData<SurveyOrganisations>(surveyKeys.organisations(survey.surveyId), {
        organisations: survey.organisations,
      });
    },
    config(surveyId: string, config: SurveyConfig) {
      queryClient.setQueryData(surveyKeys.config(surveyId), config);
      updateRows((items) =>
        items.map((s) =>
          s.surveyId === surveyId ? { ...s, title: config.title, urlSuffix: config.urlSuffix } : s,
        ),
      );
    },
    organisations(surveyId: string, organisations: SurveyOrganisations) {
      queryClient.setQueryData(surveyKeys.organisations(surveyId), organisations);
      updateRows((items) =>
        items.map((s) =>
          s.surveyId === surveyId ? { ...s, organisations: organisations.organisations } : s,
        ),
      );
    },
    removed(surveyId: string) {
      updateRows((items) => items.filter((s) => s.surveyId !== surveyId));
      queryClient.removeQueries({ queryKey: surveyKeys.config(surveyId) });
      queryClient.removeQueries({ queryKey: surveyKeys.organisations(surveyId) });
    },
  };
}

/** A survey's config with its ETag (404: not one the administrator sees). */
export function useSurveyConfig(surveyId: string) {
  return useGetSurveyConfig(surveyId, { query: { enabled: Boolean(surveyId), retry: retryUnlessRefused } });
}

/**
 * Replaces a survey's config with the ETag it was edited from (`{ surveyId, data: config, headers: { ETag } }`;
 * 412: someone saved meanwhile; nothing overwritten, the 412 carries the stored config, and the form reads it
 * again with useSurveyConfig's refetch when it does not).
 */
export function useSaveSurveyConfig() {
  const cache = useSurveyCache();
  return useUpdateSurveyConfig({
    mutation: { onSuccess: (saved, { surveyId }) => cache.config(surveyId, saved) },
  });
}

/** Creates a survey (`{ data }`: type, first config, optionally its organisations); answers the new survey's row. */
export function useCreateSurvey() {
  const cache = useSurveyCache();
  return useCreateSurveyCall({ mutation: { onSuccess: (created) => cache.added(created) } });
}

/** Deletes a survey (`{ surveyId }`; its organisation links go with it; the answers patients gave are kept for reports). */
export function useDeleteSurvey() {
  const cache = useSurveyCache();
  return useDeleteSurveyCall({ mutation: { onSuccess: (_none, { surveyId }) => cache.removed(surveyId) } });
}

/** The organisations (of those the administrator runs) the survey goes to. */
export function useSurveyOrganisations(surveyId: string) {
  return useListSurveyOrganisations(surveyId, {
    query: { enabled: Boolean(surveyId), retry: retryUnlessRefused },
  });
}

/**
 * Sets the organisations the survey goes to (`{ surveyId, data: { organisations } }`), among those the
 * administrator runs (others' links are kept).
 */
export function useSetSurveyOrganisations() {
  const cache = useSurveyCache();
  return useSetSurveyOrganisationsCall({
    mutation: { onSuccess: (answer, { surveyId }) => cache.organisations(surveyId, answer) },
  });
}

/** The names of organisations by id (each read once and cached; the id while it loads or when refused). */
export function useOrganisationNames(ids: readonly string[]): Map<string, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      ...getGetOrganisationMergedQueryOptions(id),
      staleTime: 5 * 60_000,
      retry: retryUnlessRefused,
    })),
  });
  const names = results.map((r) => r.data?.name);
  const key = ids.map((id, i) => `${id}=${names[i] ?? ''}`).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when an id or a name changes
  return useMemo(() => new Map(ids.map((id, i) => [id, names[i] ?? id])), [key]);
}
