// @tend/domain/users-data: the data-export tooling of the admin console (scope `data-export`). Find a user and
// what is kept about them (findUserData: the rows each table keeps, i.e. what an erasure removes), export it
// all as a JSON file, clone the user into an anonymised test user, create a user, erase a user; and the
// server's log of these actions (listUserDataActions: who, when, what, about whom).
// Every action is a mutation, never cached or retried by itself; the log is read again after each. The
// screen asks for the password before each (afterPasswordAgain from @tend/domain/account).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  exportUserData,
  getListUserDataActionsInfiniteQueryKey,
  useCloneUser as useCloneUserCall,
  useCreateUserData,
  useDeleteUserData,
  useFindUserData,
  useListUserDataActionsInfinite,
} from '@tend/api';
import type { UserDataExport } from '@tend/api/model';
import { downloadFile } from '@tend/ui';
import { useLoadedItems } from '../loadedItems.ts';

/** The export's file name, as the server names it: tend-user-<id>.json. */
export function exportFileName(userId: string): string {
  return `tend-user-${userId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

/** The export's text: the server's answer as pretty-printed JSON. */
export function exportText(data: UserDataExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The export as the file handed to the browser (UTF-8 JSON). */
export function exportBlob(data: UserDataExport): Blob {
  return new Blob([exportText(data)], { type: 'application/json;charset=utf-8' });
}

/** How many rows the export or erasure covers. */
export function keptTotal(tables: ReadonlyArray<{ rows: number }>): number {
  return tables.reduce((n, t) => n + t.rows, 0);
}

function useLogAfter() {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({ queryKey: getListUserDataActionsInfiniteQueryKey().slice(0, 1) });
}

/** A user by e-mail address or user id (`{ data: { query } }`, trimmed), with their roles and the rows each table keeps about them. */
export const useFindUser = () => useFindUserData({ mutation: { retry: false } });

/** Downloads everything kept about the user as one JSON file; answers its name and size. */
export function useExportUser() {
  const after = useLogAfter();
  // Not the generated hook alone (a file handed to the browser): see the package README, Data hooks.
  return useMutation({
    mutationKey: ['users-data', 'export'],
    mutationFn: async (userId: string) => {
      const blob = exportBlob(await exportUserData(userId));
      const fileName = exportFileName(userId);
      downloadFile(blob, fileName);
      return { fileName, bytes: blob.size };
    },
    retry: false,
    onSettled: after,
  });
}

/** Clones the user into an anonymised test user (no sign-in); answers the clone's id and address. */
export const useCloneUser = () => useCloneUserCall({ mutation: { retry: false, onSettled: useLogAfter() } });

/** Creates a user with the given scopes (Firebase account and Tend records). */
export const useCreateUser = () =>
  useCreateUserData({ mutation: { retry: false, onSettled: useLogAfter() } });

/** Erases every row of the user and their sign-in account (irreversible). */
export const useEraseUser = () => useDeleteUserData({ mutation: { retry: false, onSettled: useLogAfter() } });

/** The log of the tooling's actions, newest first, paged. */
export function useUserDataLog(pageSize = 50) {
  const query = useListUserDataActionsInfinite(
    { pageSize },
    { query: { initialPageParam: undefined, getNextPageParam: (page) => page.lastPage ?? undefined } },
  );
  const pages = query.data?.pages;
  const entries = useLoadedItems(pages);
  return { ...query, entries };
}
