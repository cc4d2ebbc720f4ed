import { useQueryClient } from '@tanstack/react-query';
import {
  getGetAccountSummaryQueryKey,
  useUpdateLanguage,
  useUpdateScreenName,
  useUpdateUserName,
} from '@tend/api';
import type { AccountSummary } from '@tend/api/model';

/** Each profile change answers the account summary: it becomes the cached summary. */
function useSummaryAnswer() {
  const queryClient = useQueryClient();
  return {
    mutation: {
      onSuccess: (summary: AccountSummary) =>
        queryClient.setQueryData(getGetAccountSummaryQueryKey(), summary),
    },
  };
}

/** POST /iams/account-details/username: `mutateAsync({ params: { firstName, lastName } })`. */
export const useSaveName = () => useUpdateUserName(useSummaryAnswer());

/** POST /iams/account-details/screenname: `mutateAsync({ params: { screenName } })`. */
export const useSaveScreenName = () => useUpdateScreenName(useSummaryAnswer());

/** POST /iams/account-details/language: `mutateAsync({ params: { language } })`. */
export const useSaveLanguage = () => useUpdateLanguage(useSummaryAnswer());
