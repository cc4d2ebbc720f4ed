import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  getListPatientRiskHistoryInfiniteQueryKey,
  getListRiskAlertsInfiniteQueryKey,
  getListRiskAlertsQueryKey,
  useAcknowledgeRiskAlert,
  useListPatientRiskHistoryInfinite,
  useListRiskAlerts,
  useListRiskAlertsInfinite,
  useTakeOnPatientFromAlert,
} from '@tend/api';
import { CASELOAD_LISTS } from '../caseload/queries.ts';
import type { ListRiskAlertsParams, RiskAlertPage } from '@tend/api/model';
import {
  afterAcknowledged,
  ALERTS_POLL_MS,
  alertsOf,
  historyOf,
  nextAlertsPage,
  nextPage,
  type AlertStatus,
} from './model.ts';

/** Every cached alert list (infinite, any status) and every alert count: prefixes of the generated keys. */
const ALERT_LISTS = getListRiskAlertsInfiniteQueryKey().slice(0, 2);
const ALERT_COUNTS = getListRiskAlertsQueryKey().slice(0, 1);

const polling = {
  refetchInterval: ALERTS_POLL_MS,
  refetchOnWindowFocus: true,
  refetchIntervalInBackground: false,
} as const;

/**
 * The signed-in therapist's alerts of one status (default the open ones), newest first, page by page with the
 * contract's keyset cursor (`paginationCursor`: an alert arriving meanwhile neither repeats nor hides a row);
 * asked again every ALERTS_POLL_MS while the console is open and when it regains focus.
 */
export function useRiskAlerts(status: AlertStatus = 'unacknowledged', pageSize = 50) {
  const query = useListRiskAlertsInfinite(
    { status, limit: pageSize },
    { query: { initialPageParam: undefined, getNextPageParam: nextAlertsPage, ...polling } },
  );
  const pages = query.data?.pages;
  return {
    ...query,
    alerts: alertsOf(pages),
    total: pages?.[0]?.total,
    unacknowledged: pages?.[0]?.unacknowledged,
  };
}

/** How many alerts the therapist has not acknowledged (the navigation's count), kept fresh the same way. */
export function useOpenAlertCount() {
  return useListRiskAlerts(
    { status: 'unacknowledged', limit: 1 },
    { query: { ...polling, select: (page) => page.unacknowledged } },
  );
}

type AlertData = InfiniteData<RiskAlertPage, string | undefined>;

/**
 * Acknowledges one of the caller's alerts (who and when are the server's; an optional note): the cached lists
 * and counts follow the answer at once, then refetch, with the patient's risk history.
 */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useAcknowledgeRiskAlert({
    mutation: {
      onSuccess: async (alert) => {
        const cached = queryClient
          .getQueriesData<AlertData>({ queryKey: ALERT_LISTS })
          .flatMap(([, d]) => d?.pages.flatMap((p) => p.items) ?? []);
        const before = cached.find((a) => a.alertId === alert.alertId);
        const wasOpen = before ? before.acknowledgedAt === null : true;
        for (const [key, data] of queryClient.getQueriesData<AlertData>({ queryKey: ALERT_LISTS })) {
          if (!data) continue;
          const status = ((key[2] as ListRiskAlertsParams | undefined)?.status ??
            'unacknowledged') as AlertStatus;
          queryClient.setQueryData<AlertData>(key, {
            ...data,
            pages: data.pages.map((p) => afterAcknowledged(p, alert, status, wasOpen)),
          });
        }
        queryClient.setQueriesData<RiskAlertPage>({ queryKey: ALERT_COUNTS }, (page) =>
          page && wasOpen ? { ...page, unacknowledged: Math.max(0, page.unacknowledged - 1) } : page,
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ALERT_LISTS }),
          queryClient.invalidateQueries({ queryKey: ALERT_COUNTS }),
          queryClient.invalidateQueries({
            queryKey: getListPatientRiskHistoryInfiniteQueryKey(alert.patientId),
          }),
        ]);
      },
    },
  });
}

/**
 * A duty clinician takes on the patient of an alert (they become the lead therapist): the cached alert shows the
 * answer at once (no longer "no therapist yet"), then the alert lists, counts and the caseload refetch.
 */
export function useTakeOnFromAlert() {
  const queryClient = useQueryClient();
  return useTakeOnPatientFromAlert({
    mutation: {
      onSuccess: async (alert) => {
        for (const [key, data] of queryClient.getQueriesData<AlertData>({ queryKey: ALERT_LISTS })) {
          if (!data) continue;
          queryClient.setQueryData<AlertData>(key, {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.map((a) => (a.alertId === alert.alertId ? alert : a)),
            })),
          });
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ALERT_LISTS }),
          queryClient.invalidateQueries({ queryKey: ALERT_COUNTS }),
          queryClient.invalidateQueries({ queryKey: CASELOAD_LISTS }),
        ]);
      },
    },
  });
}

/** A patient's risk history (flags, alerts, acknowledgements), newest first, page by page. */
export function usePatientRiskHistory(patientId: string | undefined, pageSize = 50) {
  const query = useListPatientRiskHistoryInfinite(
    patientId ?? '',
    { limit: pageSize },
    { query: { enabled: Boolean(patientId), initialPageParam: 0, getNextPageParam: nextPage } },
  );
  const pages = query.data?.pages;
  return { ...query, entries: historyOf(pages), total: pages?.[0]?.total };
}
