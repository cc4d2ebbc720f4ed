import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import {
  getGetMessageAlertQueryKey,
  getGetMessageAlertV2QueryKey,
  getListMessageAlertsForUserQueryKey,
  getListMessageAlertsQueryKey,
  getListMessageAlertsV2QueryKey,
  useCreateMessageAlert,
  useCreateMessageAlertV2,
  useDeleteMessageAlert,
  useDeleteMessageAlertV2,
  useGetMessageAlert,
  useGetMessageAlertV2,
  useListMessageAlerts,
  useListMessageAlertsV2,
  useUpdateMessageAlert,
  useUpdateMessageAlertV2,
} from '@tend/api';
import type { MessageAlert, MessageAlertList, MessageAlertMessage } from '@tend/api/model';

/** Both sets' changes take the same variables and answer the same alert: one result type for either. */
type AlertChange<TVars, TData = MessageAlert> = UseMutationResult<TData, unknown, TVars>;

// The administration of message alerts, through either set of calls: v2 (`…MessageAlertsV2`) or v1
// (`…MessageAlert`, whose list can be narrowed to one app version). Both sets are over the same alerts, so each
// change puts the server's answer into both sets' lists and the alert's own cache entries (no refetch of the
// lists; only the v1 lists narrowed to a version are read again, since the answer may or may not belong in
// them); the signed-in user's own notices are read again, since an admin may be in the audience.

/** Which set of calls: the current one (v2) or the first (v1). */
export type AlertApi = 'v1' | 'v2';
export const ALERT_APIS: readonly AlertApi[] = ['v2', 'v1'];

const retryUnlessRefused = (failures: number, error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403 || status === 404) return false;
  return failures < 2;
};

/**
 * Every alert the administrator manages, newest first (with v1 and `version`: only those shown to that app
 * version). Both sets' hooks are called, the other one disabled, so the hooks stay the same on every render.
 */
export function useAdminMessageAlerts(api: AlertApi = 'v2', version?: string) {
  const v = version?.trim() || undefined;
  const v1 = useListMessageAlerts(v ? { version: v } : undefined, {
    query: { enabled: api === 'v1', staleTime: 30_000 },
  });
  const v2 = useListMessageAlertsV2({ query: { enabled: api === 'v2', staleTime: 30_000 } });
  return api === 'v1' ? v1 : v2;
}

/** One alert with its ETag (404: not one the administrator manages). */
export function useAdminMessageAlert(id: string, api: AlertApi = 'v2') {
  const v1 = useGetMessageAlert(id, {
    query: { enabled: api === 'v1' && Boolean(id), retry: retryUnlessRefused },
  });
  const v2 = useGetMessageAlertV2(id, {
    query: { enabled: api === 'v2' && Boolean(id), retry: retryUnlessRefused },
  });
  return api === 'v1' ? v1 : v2;
}

function useAlertCache() {
  const queryClient = useQueryClient();
  const lists = [getListMessageAlertsV2QueryKey(), getListMessageAlertsQueryKey()];
  const ownKeys = (id: string) => [getGetMessageAlertV2QueryKey(id), getGetMessageAlertQueryKey(id)];
  const after = () => {
    void queryClient.invalidateQueries({ queryKey: getListMessageAlertsForUserQueryKey() });
    // v1 lists narrowed to an app version (key `/message-alerts`, { version }): the server decides.
    void queryClient.invalidateQueries({
      queryKey: getListMessageAlertsQueryKey(),
      predicate: (q) => q.queryKey.length > 1,
    });
  };
  return {
    put(alert: MessageAlert) {
      for (const key of ownKeys(alert.id)) queryClient.setQueryData(key, alert);
      for (const key of lists) {
        queryClient.setQueryData<MessageAlertList>(key, (list) => {
          if (!list) return list;
          const found = list.items.some((a) => a.id === alert.id);
          return {
            ...list,
            items: found ? list.items.map((a) => (a.id === alert.id ? alert : a)) : [alert, ...list.items],
          };
        });
      }
      after();
    },
    remove(id: string) {
      for (const key of ownKeys(id)) queryClient.removeQueries({ queryKey: key });
      for (const key of lists)
        queryClient.setQueryData<MessageAlertList>(key, (list) =>
          list ? { ...list, items: list.items.filter((a) => a.id !== id) } : list,
        );
      after();
    },
  };
}

/** Creates an alert (`{ data: message }`); answers it (with its ETag). */
export function useCreateAdminMessageAlert(api: AlertApi = 'v2'): AlertChange<{ data: MessageAlertMessage }> {
  const { put } = useAlertCache();
  const v1 = useCreateMessageAlert({ mutation: { onSuccess: put } });
  const v2 = useCreateMessageAlertV2({ mutation: { onSuccess: put } });
  return api === 'v1' ? v1 : v2;
}

/**
 * Replaces an alert's message with the ETag it was read with (`{ id, data: message, headers: { ETag } }`;
 * 412: someone changed it; nothing overwritten; the 412 carries the stored alert, and the form reads it again
 * with useAdminMessageAlert's refetch when it does not).
 */
export function useSaveAdminMessageAlert(
  api: AlertApi = 'v2',
): AlertChange<{ id: string; data: MessageAlertMessage; headers: { ETag: string } }> {
  const { put } = useAlertCache();
  const v1 = useUpdateMessageAlert({ mutation: { onSuccess: put } });
  const v2 = useUpdateMessageAlertV2({ mutation: { onSuccess: put } });
  return api === 'v1' ? v1 : v2;
}

/** Deletes an alert with the ETag it was read with (`{ id, headers: { ETag } }`; 412 when it changed since). */
export function useDeleteAdminMessageAlert(
  api: AlertApi = 'v2',
): AlertChange<{ id: string; headers: { ETag: string } }, unknown> {
  const cache = useAlertCache();
  const onSuccess = (_none: unknown, { id }: { id: string }) => cache.remove(id);
  const v1 = useDeleteMessageAlert({ mutation: { onSuccess } });
  const v2 = useDeleteMessageAlertV2({ mutation: { onSuccess } });
  return api === 'v1' ? v1 : v2;
}
