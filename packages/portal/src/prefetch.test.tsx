import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getGetAccountSummaryQueryKey } from '@tend/api';
import { createPortal } from './createPortal.tsx';
import { PortalGreeting } from './PortalGreeting.tsx';
import { testPortalOptions, testTranslations } from './test/testPortal.tsx';
import { createPortalTestServer, renderPortal, testSession } from './testing.tsx';
import type { PortalRouteHandle, Prefetch } from './types.ts';

// A route's `handle.prefetch` and the portal's `prefetch` start in the loaders, once the rule lets the user in.
const { withMockServer } = createPortalTestServer({
  summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' },
});
withMockServer();

function portalWith(home: Prefetch, shell: Prefetch) {
  return createPortal({
    ...testPortalOptions,
    prefetch: shell,
    routes: [
      {
        index: true,
        handle: { title: 'titles.home', prefetch: home } satisfies PortalRouteHandle,
        Component: () => <PortalGreeting intro="home.intro" />,
      },
    ],
  });
}

describe('prefetch from the routes', () => {
  it("starts the shell's and the page's calls before the page renders, with the signed-in user", async () => {
    const home = vi.fn<Prefetch>();
    const shell = vi.fn<Prefetch>();
    const { queryClient } = renderPortal(portalWith(home, shell), '/?organisation=o1', {
      translations: testTranslations,
      signedIn: testSession('therapist@example.com'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(home).toHaveBeenCalledTimes(1);
    expect(shell).toHaveBeenCalledTimes(1);
    const context = home.mock.calls[0]![0];
    expect(context.user.email).toBe('therapist@example.com');
    expect(context.url.searchParams.get('organisation')).toBe('o1');
    expect(context.queryClient).toBe(queryClient);
    // The account summary (the header's name and the greeting) is the shell's own prefetch.
    expect(queryClient.getQueryState(getGetAccountSummaryQueryKey())?.status).toBe('success');
  });

  it('starts nothing for a visitor the rule sends to sign in', async () => {
    const home = vi.fn<Prefetch>();
    const shell = vi.fn<Prefetch>();
    const { queryClient } = renderPortal(portalWith(home, shell), '/', {
      translations: testTranslations,
      signedIn: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(home).not.toHaveBeenCalled();
    expect(shell).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(getGetAccountSummaryQueryKey())).toBeUndefined();
  });
});
