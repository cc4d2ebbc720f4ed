import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCompleteOpenIdLoginMockHandler, getListOpenIdProvidersMockHandler } from '@tend/api/msw';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { useOpenIdCallback, useOpenIdProviders } from './openid.ts';

const server = subjectServer();
const result = {
  user: { displayName: 'Sam' },
  patientRecord: { firstName: 'Sam', lastName: 'P' },
  handoverToken: 'h1',
};

describe('the OpenID callback', () => {
  it('runs once per link, however often it renders, and again only when asked', async () => {
    const calls: Array<Record<string, string>> = [];
    server.use(
      getCompleteOpenIdLoginMockHandler(
        ({ request }) => (calls.push(Object.fromEntries(new URL(request.url).searchParams)), result),
      ),
    );
    const link = { clientID: 'demo', state: 's1', code: 'c1' };
    const first = renderSubjectHook(() => useOpenIdCallback({ ...link }));
    await waitFor(() => expect(first.result.current.data?.handoverToken).toBe('h1'));
    first.rerender();
    expect(calls).toEqual([{ state: 's1', code: 'c1', clientID: 'demo' }]);
    await act(() => first.result.current.refetch());
    expect(calls).toHaveLength(2);
  });

  it('asks nothing without a link', () => {
    expect(renderSubjectHook(() => useOpenIdCallback(null)).result.current.fetchStatus).toBe('idle');
  });

  it('lists the providers when enabled', async () => {
    server.use(
      getListOpenIdProvidersMockHandler({
        providers: [{ clientId: 'demo', name: 'Demo', serviceName: 'Demo Health' }],
      }),
    );
    const { result: providers } = renderSubjectHook(() => useOpenIdProviders());
    await waitFor(() => expect(providers.current.data?.providers[0]?.clientId).toBe('demo'));
    expect(renderSubjectHook(() => useOpenIdProviders({ enabled: false })).result.current.fetchStatus).toBe(
      'idle',
    );
  });
});
