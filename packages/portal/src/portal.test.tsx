import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getRenameOtpSecretMockHandler } from '@tend/api/msw';
import type { MfaConfiguration } from '@tend/api';
import { APP_SCOPES } from '@tend/auth';
import { fakeIdentityServer } from '@tend/auth/testing';
import { testPortal, testPortalOptions, testTranslations } from './test/testPortal.tsx';
import { createPortal } from './createPortal.tsx';
import { createPortalTestServer, enterCode, renderPortal, signIn, testSession } from './testing.tsx';

// The shape every signed-in portal shares (createPortal), through a test portal with the therapist scopes.
const { server, identityServer, withMockServer } = createPortalTestServer({
  summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' },
});
withMockServer();

const renderApp = (path: string, signedIn: string | null = null) =>
  renderPortal(testPortal, path, {
    translations: testTranslations,
    signedIn: signedIn ? testSession(signedIn) : null,
  });

function configurationsServer(initial: MfaConfiguration[], required = false) {
  let list = [...initial];
  server.use(
    http.get('*/iams/mfa/configurations', () => HttpResponse.json({ configurations: list, required })),
    http.post('*/iams/mfa/otp/challenge-response', async ({ request }) => {
      const body = (await request.json()) as { otpSecretId: string; code: string };
      if (body.code !== '111111')
        return HttpResponse.json(
          { code: 'mfa_invalid', message: 'x', details: { attemptsLeft: 4 } },
          { status: 401 },
        );
      list = [
        ...list,
        {
          id: body.otpSecretId,
          type: 'totp',
          label: 'Tablet',
          default: false,
          createdAt: new Date().toISOString(),
        },
      ];
      return HttpResponse.json({ verified: true, configurationId: body.otpSecretId });
    }),
  );
  return {
    rename: (id: string, label: string) => (list = list.map((c) => (c.id === id ? { ...c, label } : c))),
  };
}

describe('createPortal', () => {
  it("asks for the app's scopes unless told otherwise", () => {
    const texts = { appName: 'appName', signInIntro: 'signIn.intro', securityIntro: 'security.intro' };
    expect(createPortal({ app: 'admin', routes: [], texts }).scopes).toEqual(APP_SCOPES.admin);
    expect(
      createPortal({ app: 'admin', routes: [], texts, scopes: { required: ['org-admin'] } }).scopes,
    ).toEqual({ required: ['org-admin'] });
    expect(testPortal.navigation.map((n) => n.to)).toEqual(['/caseload']);
  });
});

describe('a portal: sign-in', () => {
  it('sends an anonymous visitor of a guarded page to sign in; a wrong code shows an error; then back to the page', async () => {
    configurationsServer(
      [{ id: 'secret-1', type: 'totp', label: 'Phone', default: true, createdAt: '2026-11-01T09:00:00Z' }],
      true,
    );
    const { user, router } = renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('The test console.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authentication/login');
    expect(router.state.location.search).toBe('?returnTo=%2Fsecurity');
    await waitFor(() => expect(document.title).toBe('Sign in – Tend Test'));

    await signIn(user, 'therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: "Check it's you" })).toBeInTheDocument();
    await enterCode(user, '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(/That code is not correct\..*attempts? left/);
    await enterCode(user, '123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
    expect(screen.getByText('Keep a second factor.')).toBeInTheDocument();
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security – Tend Test'));
  });

  it('signs in with the e-mail code when the account has no other factor', async () => {
    const accounts = [
      {
        uid: 't3',
        email: 'mail-code@example.com',
        password: 'Tend-demo-2026',
        scopes: ['therapist'],
        mfa: { type: 'email' as const, label: 'm***@example.com', code: '246810' },
      },
    ];
    const mailServer = fakeIdentityServer(accounts);
    server.use(...mailServer.handlers);
    const { user } = renderPortal(testPortal, '/', { translations: testTranslations, accounts });
    await signIn(user, 'mail-code@example.com');
    expect(await screen.findByText(/We sent a 6-digit code to m\*\*\*@example.com/)).toBeInTheDocument();
    expect(mailServer.emailsSent()).toBeGreaterThan(0);
    await enterCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct.');
    await enterCode(user, '246810');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
  });

  it('refuses an account without the portal scope with a clear message', async () => {
    const { user, auth } = renderApp('/');
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('takes a user without a second factor to set one up before anything else', async () => {
    const { user } = renderApp('/');
    await signIn(user, 'new-therapist@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/name for this authenticator/i), 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText(/code from the app/i), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Check it's you" })).toBeInTheDocument();
    await enterCode(user, '222222');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
  });

  it('validates returnTo: an outside address leads home instead', async () => {
    const { user, router } = renderApp('/authentication/login?returnTo=%2F%2Fevil.com');
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    const { router } = renderApp('/authentication/login', 'therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a portal: the signed-in shell', () => {
  it('greets by name, with Home, the app entries and Security in the navigation and the account menu', async () => {
    const { user, router } = renderApp('/', 'therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(screen.getByText('Your test home.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home – Tend Test'));
    const navigation = screen.getByRole('navigation');
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Caseload', 'Security']);
    await user.click(within(navigation).getByRole('link', { name: 'Caseload' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Caseload' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Caseload – Tend Test'));
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
  });

  it('signs out from the account menu; Back then shows no protected data and the cache is empty', async () => {
    const { user, router, queryClient } = renderApp('/', 'therapist@example.com');
    await screen.findByRole('heading', { name: 'Hello, Alex' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('You have signed out.')).toBeInTheDocument();
    expect(identityServer.logouts()).toBeGreaterThan(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Hello, Alex')).not.toBeInTheDocument();
  });

  it('shows header actions on signed-in and signed-out pages and badges in the navigation', async () => {
    const withExtras = createPortal({
      ...testPortalOptions,
      navigation: [{ to: '/caseload', label: 'nav.caseload', badge: () => <span>3 new</span> }],
      headerActions: () => <button type="button">Get help now</button>,
      signedOutHeaderActions: () => <button type="button">Help without signing in</button>,
    });
    const signedOut = renderPortal(withExtras, '/authentication/login', { translations: testTranslations });
    expect(await screen.findByRole('button', { name: 'Help without signing in' })).toBeInTheDocument();
    signedOut.unmount();
    renderPortal(withExtras, '/', {
      translations: testTranslations,
      signedIn: testSession('therapist@example.com'),
    });
    expect(await screen.findByRole('button', { name: 'Get help now' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation')).getByRole('link', { name: /Caseload.*3 new/ }),
    ).toBeInTheDocument();
  });

  it('shows an entry that needs a scope only to a user holding it', async () => {
    const withScoped = createPortal({
      ...testPortalOptions,
      navigation: [
        { to: '/caseload', label: 'nav.caseload' },
        { to: '/about', label: 'nav.caseload', scope: 'lead-therapist' },
      ],
    });
    const plain = renderPortal(withScoped, '/', {
      translations: testTranslations,
      signedIn: testSession('therapist@example.com', ['therapist']),
    });
    await screen.findByRole('navigation');
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/', '/caseload', '/security']);
    plain.unmount();
    renderPortal(withScoped, '/', {
      translations: testTranslations,
      signedIn: testSession('therapist@example.com', ['therapist', 'lead-therapist']),
    });
    await screen.findByRole('navigation');
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/', '/caseload', '/about', '/security']);
  });

  it('shows a not-found page inside the shell for an unknown path', async () => {
    renderApp('/nowhere', 'therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found – Tend Test'));
  });

  it("opens the app's own public pages without a session, outside the shell", async () => {
    const { router } = renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About the test console' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About – Tend Test'));
  });

  it('the forgot-password page asks for a reset link', async () => {
    server.use(
      http.post('*/iams/account-details/action/request-change-password', () =>
        HttpResponse.json({ status: 'accepted' }, { status: 202 }),
      ),
    );
    const { user } = renderApp('/authentication/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reset your password – Tend Test'));
    await user.type(screen.getByLabelText(/e-mail address/i), 'therapist@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/a link to reset the password is on its way/)).toBeInTheDocument();
  });
});

describe('a portal: the security page', () => {
  /**
   * GET `path` fails with a 500 (whose text must never show) until `recover()` is called, then answers `body`;
   * the error reports the failure sends are accepted.
   */
  function failUntilRecovered(path: string, body: object) {
    let fail = true;
    server.use(
      http.get(path, () =>
        fail
          ? HttpResponse.json({ code: 'internal', message: 'Database down.' }, { status: 500 })
          : HttpResponse.json(body),
      ),
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
    );
    return () => {
      fail = false;
    };
  }

  it('says when the greeting could not be loaded, with Try again', async () => {
    const recover = failUntilRecovered('*/iams/account-details/summary', {
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'therapist@example.com',
    });
    const { user } = renderApp('/', 'therapist@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your details could not be loaded');
    expect(alert).not.toHaveTextContent('Database down.');
    recover();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
  });

  it('says when the second factors could not be loaded, with Try again', async () => {
    const recover = failUntilRecovered('*/iams/mfa/configurations', { configurations: [], required: false });
    const { user } = renderApp('/security', 'therapist@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your verification settings could not be loaded');
    recover();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Add an authenticator app' })).toBeInTheDocument();
  });

  it('lists the second factors and adds an authenticator app with the generated calls', async () => {
    configurationsServer([
      {
        id: 's1',
        type: 'totp',
        label: 'Work phone',
        default: true,
        createdAt: '2026-11-01T10:00:00Z',
        lastUsedAt: null,
      },
    ]);
    const { user } = renderApp('/security', 'therapist@example.com');
    expect(await screen.findByText('Work phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an authenticator app' });
    await user.type(within(dialog).getByLabelText(/name for this authenticator/i), 'Tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Add an authenticator app' }));
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/code from the app/i), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('4 attempts left.');
    await user.clear(within(dialog).getByLabelText(/code from the app/i));
    await user.type(within(dialog).getByLabelText(/code from the app/i), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Tablet')).toBeInTheDocument();
  });

  it('renames an authenticator (a recent sign-in counts as re-authentication)', async () => {
    const state = configurationsServer([
      { id: 's1', type: 'totp', label: 'Work phone', default: true, createdAt: '2026-11-01T10:00:00Z' },
    ]);
    server.use(
      getRenameOtpSecretMockHandler(async ({ request, params }) => {
        const { label } = (await request.json()) as { label: string };
        state.rename(String(params.id), label);
        return {
          id: String(params.id),
          label,
          confirmed: true,
          createdAt: '2026-11-01T10:00:00Z',
          lastUsedAt: null,
        };
      }),
    );
    const { user } = renderApp('/security', 'therapist@example.com');
    await user.click(await screen.findByRole('button', { name: 'Rename: Work phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Work phone' });
    const input = within(dialog).getByLabelText(/name for this authenticator/i);
    await user.clear(input);
    await user.type(input, 'Old phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Old phone')).toBeInTheDocument();
    expect(screen.getByText('Saved.')).toBeInTheDocument();
  });
});
