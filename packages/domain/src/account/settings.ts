import { useQueryClient } from '@tanstack/react-query';
import {
  getGetPushStatusQueryKey,
  useGetAccountSummary,
  useGetPatientRecord,
  useGetPushStatus,
  useRequestAccountDeletion,
  useRequestEmailChange as useRequestEmailChangeCall,
  useRequestPasswordChange as useRequestPasswordChangeCall,
  useSetPushStatus as useSetPushStatusCall,
} from '@tend/api';

/** GET /iams/account-details/summary: names, screen name, language, e-mail of the signed-in person. */
export const useAccountSummary = () => useGetAccountSummary();

/** GET /iams/account-details/patientrecord: the patient's own record (read only). */
export const usePatientRecord = () => useGetPatientRecord();

/** GET /push-notifications/status. */
export const usePushStatus = () => useGetPushStatus();

/** POST /push-notifications/status (`mutateAsync({ data: { enabled } })`): the answer becomes the cached setting. */
export function useSetPushStatus() {
  const queryClient = useQueryClient();
  return useSetPushStatusCall({
    mutation: { onSuccess: (status) => queryClient.setQueryData(getGetPushStatusQueryKey(), status) },
  });
}

/** POST …/change-email: `mutateAsync({ params: { email } })`: mails a confirmation link to the new address (nothing changes until it is followed). */
export const useRequestEmailChange = () => useRequestEmailChangeCall();

/** POST …/request-change-password: `mutateAsync({ params: { emailAddress, language } })`: mails a link to set a new password to the account's address. */
export const useRequestPasswordChange = () => useRequestPasswordChangeCall();

/**
 * POST …/request-deletion: closes the account at once. The server needs a recent sign-in: the screen runs it
 * inside @tend/auth's withReauthentication, then signs out (which clears the cache).
 */
export const useDeleteAccount = () => useRequestAccountDeletion();

/** The deletion's typed confirmation: true when the typed text is the word, ignoring case and surrounding spaces. */
export function confirmsDeletion(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.trim().toLocaleLowerCase() && word.trim() !== '';
}
