import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetAccountSummaryQueryKey, updateLanguage, updateScreenName, updateUserName } from '@tend/api';
import type { AccountSummary } from '@tend/api/model';

/** Each profile change answers the account summary: it becomes the cached summary. */
function useProfileChange<TVars>(name: string, change: (vars: TVars) => Promise<AccountSummary>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', name],
    mutationFn: change,
    onSuccess: (summary) => queryClient.setQueryData(getGetAccountSummaryQueryKey(), summary),
  });
}

/** POST /iams/account-details/username. */
export const useSaveName = () =>
  useProfileChange('name', (name: { firstName: string; lastName: string }) => updateUserName(name));

/** POST /iams/account-details/screenname. */
export const useSaveScreenName = () =>
  useProfileChange('screen-name', (screenName: string) => updateScreenName({ screenName }));

/** POST /iams/account-details/language. */
export const useSaveLanguage = () =>
  useProfileChange('language', (language: string) => updateLanguage({ language }));
