import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { getGetAccountSummaryMockHandler, getGetAccountSummaryResponseMock, getGetStatusFileMockHandler } from '@tend/api/msw';
import { APP_SCOPES, createAuthClient, createIdentityApi, registerTokenProvider, type AuthUser } from '@tend/auth';
import { createFakeIdentity, fakeIdentityServer, type FakeServerAccount } from '@tend/auth/testing';
import { createTestI18n, createTestQueryClient } from '@tend/ui/test-utils';
import { Providers } from '../app/providers.tsx';
import { guardedAppRoutes } from '../app/router.tsx';
import en from '../locales/en.json';

export const accounts: FakeServerAccount[] = [
  { uid: 'p1', email: 'patient@example.com', password: 'Tend-demo-2026', scopes: ['patient'] },
  {
    uid: 'p2',
    email: 'mfa-email@example.com',
    password: 'Tend-demo-2026',
    scopes: ['patient'],
    mfa: { type: 'email', label: 'm***@example.com', code: '246810' },
  },
  {
    uid: 't1',
    email: 'therapist@example.com',
    password: 'Tend-demo-2026',
    scopes: ['therapist'],
    mfa: { type: 'totp', id: 'secret-1', label: 'Phone', code: '123456' },
  },
];

export const identityServer = fakeIdentityServer(accounts);
export const server = setupServer(
  ...identityServer.handlers,
  getGetStatusFileMockHandler({ goingOffline: false, offlineTime: null, pendingReason: null, activeReason: null }),
  getGetAccountSummaryMockHandler(getGetAccountSummaryResponseMock({ firstName: 'Sam', lastName: 'Rivera', email: 'patient@example.com' })),
);

/** MSW for the whole file: every request the test does not expect fails it. */
export function withMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** The app as main.tsx starts it, on a memory router, a fake Firebase and the mocked server. */
export function renderApp(path: string, options: { signedIn?: AuthUser | null } = {}) {
  const i18n = createTestI18n({ app: 'patient', resources: en });
  const queryClient = createTestQueryClient();
  const identity = createFakeIdentity(accounts, options.signedIn ?? null);
  const auth = createAuthClient({
    identity,
    api: createIdentityApi(),
    scopes: APP_SCOPES.patient,
    onSignedOut: () => queryClient.clear(),
  });
  registerTokenProvider(auth);
  const router = createMemoryRouter(guardedAppRoutes(auth), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient} auth={auth} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user, router, auth, identity, queryClient };
}

export async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password = 'Tend-demo-2026') {
  await user.type(await screen.findByLabelText(/e-mail address/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}
