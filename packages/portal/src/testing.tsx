/**
 * The one render helper of the portals' unit tests (`@tend/portal/testing`): a portal as
 * startPortal starts it — every provider, its guarded routes on a memory router, a fake Firebase and the
 * mocked server (MSW: the identity calls, the status file, the account summary; unhandled requests fail).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AccountSummary } from '@tend/api';
import {
  getGetAccountSummaryMockHandler,
  getGetAccountSummaryResponseMock,
  getGetMyOrganisationMockHandler,
  getGetMyOrganisationResponseMock,
  getGetStatusFileMockHandler,
  getListMfaConfigurationsMockHandler,
} from '@tend/api/msw';
import { createTestI18n, createTestQueryClient } from '@tend/ui/test-utils';
import { createAuthClient, createIdentityApi, registerTokenProvider, type AuthUser } from '@tend/auth';
import { createFakeIdentity, fakeIdentityServer, type FakeServerAccount } from '@tend/auth/testing';
import type { Portal } from './createPortal.tsx';
import { PortalProviders } from './PortalApp.tsx';

export const TEST_PASSWORD = 'Tend-demo-2026';

/**
 * The accounts the fake server knows: a patient, a patient with e-mail codes, a therapist and an admin with
 * TOTP (codes 123456 and 654321), and a therapist who must set up a second factor first.
 */
export const PORTAL_TEST_ACCOUNTS: readonly FakeServerAccount[] = [
  { uid: 'p1', email: 'patient@example.com', password: TEST_PASSWORD, scopes: ['patient'] },
  {
    uid: 'p2',
    email: 'mfa-email@example.com',
    password: TEST_PASSWORD,
    scopes: ['patient'],
    mfa: { type: 'email', label: 'm***@example.com', code: '246810' },
  },
  {
    uid: 't1',
    email: 'therapist@example.com',
    password: TEST_PASSWORD,
    scopes: ['therapist'],
    mfa: { type: 'totp', id: 'secret-1', label: 'Phone', code: '123456' },
  },
  {
    uid: 'a1',
    email: 'admin@example.com',
    password: TEST_PASSWORD,
    scopes: ['org-admin', 'data-export'],
    mfa: { type: 'totp', id: 'secret-2', label: 'Phone', code: '654321' },
  },
  {
    uid: 't2',
    email: 'new-therapist@example.com',
    password: TEST_PASSWORD,
    scopes: ['therapist', 'org-admin'],
    enrolFirst: true,
  },
];

/** A session of one of the accounts, as restored by Firebase (signedIn option of renderPortal). */
export function testSession(email: string, scopes?: readonly string[]): AuthUser {
  const account = PORTAL_TEST_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No test account ${email}`);
  return {
    uid: account.uid,
    email,
    scopes: scopes ?? account.scopes,
    signedInAt: Date.now(),
    reauthAt: Date.now(),
  };
}

export interface PortalTestServerOptions {
  accounts?: readonly FakeServerAccount[];
  /** What GET /iams/account-details/summary answers. */
  summary?: Partial<AccountSummary>;
}

/** The mocked server of a test file: call `withMockServer()` once at its top. */
export function createPortalTestServer(options: PortalTestServerOptions = {}) {
  const accounts = options.accounts ?? PORTAL_TEST_ACCOUNTS;
  const identityServer = fakeIdentityServer(accounts);
  const server = setupServer(
    ...identityServer.handlers,
    getGetStatusFileMockHandler({
      goingOffline: false,
      offlineTime: null,
      pendingReason: null,
      activeReason: null,
    }),
    getGetAccountSummaryMockHandler(getGetAccountSummaryResponseMock(options.summary)),
    // The user's organisation, offering every feature with no crisis lines of its own (what the patient and
    // therapist apps read for their navigation and crisis panel; tests override it with server.use).
    getGetMyOrganisationMockHandler(
      getGetMyOrganisationResponseMock({ id: 'org-test', appSettings: { etag: '"app"' } }),
    ),
    // The security page every portal has: no second factor yet (tests override it with server.use).
    getListMfaConfigurationsMockHandler({ configurations: [], required: false }),
  );
  return {
    accounts,
    identityServer,
    server,
    /** MSW for the whole file: every request the test does not expect fails it. */
    withMockServer() {
      beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
      afterEach(() => server.resetHandlers());
      afterAll(() => server.close());
    },
  };
}

export interface RenderPortalOptions {
  /** The app's English namespace (its src/locales/en.json). */
  translations: Record<string, unknown>;
  /** The accounts the fake Firebase knows (default PORTAL_TEST_ACCOUNTS). */
  accounts?: readonly FakeServerAccount[];
  /** A session already there (restored), or none. */
  signedIn?: AuthUser | null;
}

/** The portal as startPortal starts it, on a memory router at `path`, a fake Firebase and the mocked server. */
export function renderPortal(portal: Portal, path: string, options: RenderPortalOptions) {
  const i18n = createTestI18n({ app: portal.app, resources: options.translations });
  const queryClient = createTestQueryClient();
  const identity = createFakeIdentity(options.accounts ?? PORTAL_TEST_ACCOUNTS, options.signedIn ?? null);
  const auth = createAuthClient({
    identity,
    api: createIdentityApi(),
    scopes: portal.scopes,
    onSignedOut: () => queryClient.clear(),
  });
  registerTokenProvider(auth);
  const router = createMemoryRouter(portal.guardedRoutes(auth, queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <PortalProviders i18n={i18n} queryClient={queryClient} auth={auth} env="test">
      <RouterProvider router={router} />
    </PortalProviders>,
  );
  return { ...view, user, router, auth, identity, queryClient, i18n };
}

export type TestUser = ReturnType<typeof userEvent.setup>;

/** Fills the sign-in form and submits it. */
export async function signIn(user: TestUser, email: string, password = TEST_PASSWORD) {
  await user.type(await screen.findByLabelText(/e-mail address/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Types a code into the second step (replacing what is there) and submits it. */
export async function enterCode(user: TestUser, code: string) {
  const input = await screen.findByLabelText(/verification code/i);
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}
