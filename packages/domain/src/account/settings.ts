import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getGetPushStatusQueryKey,
  requestAccountDeletion,
  useGetAccountSummary,
  useGetPatientRecord,
  useGetPushStatus,
  requestEmailChange,
  requestPasswordChange,
  setPushStatus,
} from '@tend/api';
import type { PushStatus } from '@tend/api/model';

/** GET /iams/account-details/summary: names, screen name, language, e-mail of the signed-in person. */
export const useAccountSummary = () => useGetAccountSummary();

/** GET /iams/account-details/patientrecord: the patient's own record (read only). */
export const usePatientRecord = () => useGetPatientRecord();

/** GET /push-notifications/status. */
export const usePushStatus = () => useGetPushStatus();

/** POST /push-notifications/status: the answer becomes the cached setting. */
export function useSetPushStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'push-status'],
    mutationFn: (status: PushStatus) => setPushStatus(status),
    onSuccess: (status) => queryClient.setQueryData(getGetPushStatusQueryKey(), status),
  });
}

/** POST …/change-email: mails a confirmation link to the new address (nothing changes until it is followed). */
export const useRequestEmailChange = () =>
  useMutation({
    mutationKey: ['account', 'email-change'],
    mutationFn: (email: string) => requestEmailChange({ email }),
  });

/** POST …/request-change-password: mails a link to set a new password to the account's address. */
export const useRequestPasswordChange = () =>
  useMutation({
    mutationKey: ['account', 'password-change'],
    mutationFn: (vars: { emailAddress: string; language?: string }) => requestPasswordChange(vars),
  });

/**
 * POST …/request-deletion: closes the account at once. The server needs a recent sign-in: the screen runs it
 * inside @tend/auth's withReauthentication, then signs out (which clears the cache).
 */
export const useDeleteAccount = () =>
  useMutation({ mutationKey: ['account', 'deletion'], mutationFn: () => requestAccountDeletion() });

/** The deletion's typed confirmation: true when the typed text is the word, ignoring case and surrounding spaces. */
export function confirmsDeletion(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.trim().toLocaleLowerCase() && word.trim() !== '';
}
