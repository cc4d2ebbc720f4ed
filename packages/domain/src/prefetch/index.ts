// @tend/domain/prefetch: the calls each first view reads, started by its route's loader before the page
// renders (the portals' `handle.prefetch`), so they leave together and beside the page's lazy chunk instead of
// one after another. Each is the same generated call, with the same parameters (hence the same query key) and
// the same freshness as the hook the page reads it with, so the page finds it in the cache and never asks
// twice. It is a chunk of its own (the routes import it), which the portal loads while the sign-in page is open
// or, for a tab restoring its session, at start: by the time a first view's loaders run it is there.
import type { QueryClient } from '@tanstack/react-query';
import {
  getGetAccountSummaryQueryOptions,
  getGetActivityCountersQueryOptions,
  getGetActivityTotalsQueryOptions,
  getGetCurrentScopesQueryOptions,
  getGetLatestCheckupQueryOptions,
  getGetLatestScreeningQueryOptions,
  getGetMyDutyQueryOptions,
  getGetMyGraphQueryOptions,
  getGetMyOrganisationQueryOptions,
  getGetMyTimezoneQueryOptions,
  getGetOrganisationNumbersQueryOptions,
  getGetPatientMetadataQueryKey,
  getGetResearchConsentQueryOptions,
  getListAppointmentsQueryOptions,
  getListAssignedPatientsInfiniteQueryOptions,
  getListMessageAlertsForUserQueryOptions,
  getListMyIntakeOrganisationsQueryOptions,
  getListMyPlacementsQueryOptions,
  getListOrganisationsInfiniteQueryOptions,
  getListRiskAlertsInfiniteQueryOptions,
  getListRiskAlertsQueryOptions,
  getListSurveySessionsQueryOptions,
} from '@tend/api';
import { startOfDay } from '@tend/core/time';
import { summaryParams } from '../activity/model.ts';
import { filterParams, nextCursor, type CaseloadFilters } from '../caseload/model.ts';
import { rememberedOffered } from '../offered/model.ts';
import { PREFERENCES_DOCUMENT } from '../patient-metadata/model.ts';
import { readMetadata } from '../patient-metadata/queries.ts';

/** The caseload's page size and the organisation tree's (their hooks' defaults). */
const CASELOAD_PAGE_SIZE = 50;
const ORGANISATION_PAGE_SIZE = 50;

/** The account summary: the name in every portal's header and greeting. */
export function prefetchAccountSummary(queryClient: QueryClient) {
  void queryClient.prefetchQuery(getGetAccountSummaryQueryOptions());
}

/** What the signed-in patient's organisation offers (useOffered: the shell's navigation and the gates). */
export function prefetchOffered(queryClient: QueryClient) {
  void queryClient.prefetchQuery(
    getGetMyOrganisationQueryOptions({ query: { staleTime: 15_000, retry: 1 } }),
  );
}

/** What the onboarding gate reads: the first-run document (useFirstRun) and the survey sessions. */
export function prefetchOnboarding(queryClient: QueryClient) {
  void queryClient.prefetchQuery({
    queryKey: getGetPatientMetadataQueryKey(PREFERENCES_DOCUMENT),
    queryFn: ({ signal }) => readMetadata(PREFERENCES_DOCUMENT, signal),
  });
  void queryClient.prefetchQuery(getListSurveySessionsQueryOptions({ query: { staleTime: 5 * 60_000 } }));
}

/** The notices of the signed-in user's organisation (MessageAlertNotices, on every home page). */
export function prefetchMessageAlerts(queryClient: QueryClient) {
  void queryClient.prefetchQuery(
    getListMessageAlertsForUserQueryOptions(undefined, { query: { staleTime: 5 * 60_000 } }),
  );
}

/**
 * The patient's Today: notices, the research question, the latest check-up and screening (unless the
 * organisation is known not to offer screening), the next appointment and the activity summary.
 */
export function prefetchToday(queryClient: QueryClient, uid: string, now = Date.now()) {
  prefetchMessageAlerts(queryClient);
  void queryClient.prefetchQuery(getGetResearchConsentQueryOptions());
  void queryClient.prefetchQuery(getGetLatestCheckupQueryOptions());
  if (rememberedOffered(uid)?.features.screening !== false)
    void queryClient.prefetchQuery(getGetLatestScreeningQueryOptions());
  void queryClient.prefetchQuery(
    getListAppointmentsQueryOptions({ limit: 1, status: 'booked' }, { query: { staleTime: 30_000 } }),
  );
  const activity = summaryParams(now, startOfDay);
  void queryClient.prefetchQuery(getGetActivityCountersQueryOptions(activity.counters));
  void queryClient.prefetchQuery(getGetActivityTotalsQueryOptions(activity.totals));
  void queryClient.prefetchQuery(getGetMyGraphQueryOptions(activity.graph));
}

/**
 * The therapist console's shell: the open-alert count, whether Intake is theirs (lead therapists) and whether
 * their organisation offers chat.
 */
export function prefetchTherapistShell(queryClient: QueryClient) {
  prefetchOffered(queryClient);
  void queryClient.prefetchQuery(getListRiskAlertsQueryOptions({ status: 'unacknowledged', limit: 1 }));
  void queryClient.prefetchQuery(getListMyIntakeOrganisationsQueryOptions({ query: { staleTime: 60_000 } }));
}

/** The therapist's timezone (dates on their pages). */
export function prefetchTimezone(queryClient: QueryClient) {
  void queryClient.prefetchQuery(getGetMyTimezoneQueryOptions());
}

/** The therapist's home: notices, duty, new placements, the first open alerts (useRiskAlerts), timezone. */
export function prefetchTherapistHome(queryClient: QueryClient, shownAlerts: number) {
  prefetchMessageAlerts(queryClient);
  prefetchTimezone(queryClient);
  void queryClient.prefetchQuery(getGetMyDutyQueryOptions());
  void queryClient.prefetchQuery(getListMyPlacementsQueryOptions());
  void queryClient.prefetchInfiniteQuery(
    getListRiskAlertsInfiniteQueryOptions(
      { status: 'unacknowledged', limit: shownAlerts },
      { query: { initialPageParam: undefined, getNextPageParam: nextCursor } },
    ),
  );
}

/** The first page of the caseload with these filters (useCaseload), and the therapist's timezone. */
export function prefetchCaseload(queryClient: QueryClient, filters: CaseloadFilters) {
  prefetchTimezone(queryClient);
  void queryClient.prefetchInfiniteQuery(
    getListAssignedPatientsInfiniteQueryOptions(
      { ...filterParams(filters), limit: CASELOAD_PAGE_SIZE },
      { query: { initialPageParam: undefined, getNextPageParam: nextCursor } },
    ),
  );
}

/**
 * The admin's home: their scopes, the top of their organisation tree, and the figures of the organisation
 * shown (`named`, else the first of the tree: asked as soon as the tree's first page answers).
 */
export function prefetchAdminHome(queryClient: QueryClient, named: string | null) {
  void queryClient.prefetchQuery(getGetCurrentScopesQueryOptions({ query: { staleTime: 5 * 60_000 } }));
  const numbers = (organisationId: string) =>
    queryClient.prefetchQuery(
      getGetOrganisationNumbersQueryOptions(organisationId, { query: { staleTime: 30_000 } }),
    );
  if (named) void numbers(named);
  void queryClient
    .fetchInfiniteQuery(
      getListOrganisationsInfiniteQueryOptions(
        { topLevel: true, pageSize: ORGANISATION_PAGE_SIZE },
        {
          query: {
            initialPageParam: undefined,
            getNextPageParam: (page) => page.lastPage ?? undefined,
            staleTime: 30_000,
          },
        },
      ),
    )
    .then((tree) => {
      const first = tree.pages[0]?.items[0]?.id;
      if (!named && first) return numbers(first);
    })
    .catch(() => undefined);
}
