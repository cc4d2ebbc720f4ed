import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGetAccountSummaryQueryKey } from '@tend/api';
import {
  getUpdateLanguageMockHandler,
  getUpdateScreenNameMockHandler,
  getUpdateUserNameMockHandler,
} from '@tend/api/msw';
import type { AccountSummary } from '@tend/api/model';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { useSaveLanguage, useSaveName, useSaveScreenName } from './profile.ts';

const server = subjectServer();
const summary: AccountSummary = {
  uid: 'u1',
  firstName: 'Sam',
  lastName: 'Patel',
  screenName: 'sam',
  language: 'en',
  email: 'sam@example.com',
  scopes: [],
  mfaEnabled: false,
};

describe('the profile', () => {
  it('saves the name, screen name and language, each answer becoming the cached account summary', async () => {
    const queries: string[] = [];
    const answer =
      (changed: Partial<AccountSummary>) =>
      ({ request }: { request: Request }) => (
        queries.push(new URL(request.url).search),
        { ...summary, ...changed }
      );
    server.use(
      getUpdateUserNameMockHandler(answer({ firstName: 'Samira' })),
      getUpdateScreenNameMockHandler(answer({ screenName: 'sky' })),
      getUpdateLanguageMockHandler(answer({ language: 'fr' })),
    );
    const { result, queryClient } = renderSubjectHook(() => ({
      name: useSaveName(),
      screenName: useSaveScreenName(),
      language: useSaveLanguage(),
    }));
    await act(() => result.current.name.mutateAsync({ params: { firstName: 'Samira', lastName: 'Patel' } }));
    expect(queryClient.getQueryData<AccountSummary>(getGetAccountSummaryQueryKey())?.firstName).toBe(
      'Samira',
    );
    await act(() => result.current.screenName.mutateAsync({ params: { screenName: 'sky' } }));
    expect(queryClient.getQueryData<AccountSummary>(getGetAccountSummaryQueryKey())?.screenName).toBe('sky');
    await act(() => result.current.language.mutateAsync({ params: { language: 'fr' } }));
    expect(queryClient.getQueryData<AccountSummary>(getGetAccountSummaryQueryKey())?.language).toBe('fr');
    expect(queries).toEqual(['?firstName=Samira&lastName=Patel', '?screenName=sky', '?language=fr']);
  });
});
