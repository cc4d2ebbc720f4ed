import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMessageAlertV2QueryKey,
  getListMessageAlertsForUserQueryKey,
  getListMessageAlertsV2QueryKey,
  getMessageAlertV2,
  useCreateMessageAlertV2,
  useDeleteMessageAlertV2,
  useGetMessageAlertV2,
  useListMessageAlertsV2,
  useUpdateMessageAlertV2,
} from '@tend/api';
import type { MessageAlert, MessageAlertList, MessageAlertMessage } from '@tend/api/model';

// The administration of message alerts (the v2 calls): the admin's alerts, one alert, and its changes. Each
// change puts the server's answer into the list and the alert's own cache entry (no refetch of the list);
// the signed-in user's own notices are read again, since an admin may be in the audience.

const retryUnlessRefused = (failures: number, error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403 || status === 404) return false;
  return failures < 2;
};

/** Every alert the administrator manages, newest first. */
export function useAdminMessageAlerts() {
  return useListMessageAlertsV2({ query: { staleTime: 30_000 } });
}

/** One alert with its ETag (404: not one the administrator manages). */
export function useAdminMessageAlert(id: string) {
  return useGetMessageAlertV2(id, { query: { retry: retryUnlessRefused } });
}

function useAlertCache() {
  const queryClient = useQueryClient();
  const listKey = getListMessageAlertsV2QueryKey();
  const refreshOwnNotices = () => void queryClient.invalidateQueries({ queryKey: getListMessageAlertsForUserQueryKey() });
  return {
    put(alert: MessageAlert) {
      queryClient.setQueryData(getGetMessageAlertV2QueryKey(alert.id), alert);
      queryClient.setQueryData<MessageAlertList>(listKey, (list) => {
        if (!list) return list;
        const found = list.items.some((a) => a.id === alert.id);
        return { ...list, items: found ? list.items.map((a) => (a.id === alert.id ? alert : a)) : [alert, ...list.items] };
      });
      refreshOwnNotices();
    },
    remove(id: string) {
      queryClient.removeQueries({ queryKey: getGetMessageAlertV2QueryKey(id) });
      queryClient.setQueryData<MessageAlertList>(listKey, (list) => (list ? { ...list, items: list.items.filter((a) => a.id !== id) } : list));
      refreshOwnNotices();
    },
  };
}

/** Creates an alert; answers it (with its ETag). */
export function useCreateAdminMessageAlert() {
  const cache = useAlertCache();
  const mutation = useCreateMessageAlertV2({ mutation: { onSuccess: (created) => cache.put(created) } });
  return { create: (message: MessageAlertMessage) => mutation.mutateAsync({ data: message }), pending: mutation.isPending };
}

/**
 * Replaces an alert's message with the ETag it was read with (412: someone changed it; nothing overwritten;
 * the 412 carries the stored alert, and `reload` reads it when it does not).
 */
export function useSaveAdminMessageAlert(id: string) {
  const cache = useAlertCache();
  const mutation = useUpdateMessageAlertV2({ mutation: { onSuccess: (saved) => cache.put(saved) } });
  return {
    save: (message: MessageAlertMessage, etag: string) => mutation.mutateAsync({ id, data: message, headers: { ETag: etag } }),
    reload: () => getMessageAlertV2(id),
    pending: mutation.isPending,
  };
}

/** Deletes an alert with the ETag it was read with (412 when it changed since). */
export function useDeleteAdminMessageAlert(id: string) {
  const cache = useAlertCache();
  const mutation = useDeleteMessageAlertV2({ mutation: { onSuccess: () => cache.remove(id) } });
  return { remove: (etag: string) => mutation.mutateAsync({ id, headers: { ETag: etag } }), pending: mutation.isPending };
}
