import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accounts, identityServer, renderApp, server, signIn, withMockServer } from '../test/renderApp.tsx';

withMockServer();

const patient = { uid: 'p1', email: 'patient@example.com', scopes: ['patient'], signedInAt: Date.now(), reauthAt: Date.now() };

describe('patient app', () => {
  it('sends an anonymous visitor of a guarded page to sign in, and back there after', async () => {
    server.use(http.get('*/iams/mfa/configurations', () => HttpResponse.json({ configurations: [], required: false })));
    const { user, router } = renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authentication/login');
    expect(router.state.location.search).toBe('?returnTo=%2Fsecurity');
    await waitFor(() => expect(document.title).toBe('Sign in – Tend'));

    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
    expect(await screen.findByText('No authenticator app is set up.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security – Tend'));
  });

  it('greets the signed-in patient by name on the home page', async () => {
    renderApp('/', { signedIn: patient });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('signs in with the e-mail code: a wrong code shows an error, the right one gets in', async () => {
    const { user } = renderApp('/');
    await signIn(user, 'mfa-email@example.com');
    expect(await screen.findByText(/We sent a 6-digit code to m\*\*\*@example.com/)).toBeInTheDocument();
    expect(identityServer.emailsSent()).toBeGreaterThan(0);
    await user.type(screen.getByLabelText(/verification code/i), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct.');
    await user.type(screen.getByLabelText(/verification code/i), accounts[1]!.mfa!.code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
  });

  it('refuses a therapist account with a clear message', async () => {
    const { user, auth } = renderApp('/');
    await signIn(user, 'therapist@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('signs out from the account menu; Back then shows no protected data', async () => {
    const { user, router, queryClient } = renderApp('/', { signedIn: patient });
    await screen.findByRole('heading', { name: 'Hello, Sam' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(identityServer.logouts()).toBeGreaterThan(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Hello, Sam')).not.toBeInTheDocument();
  });

  it('shows a not-found page inside the shell for an unknown path', async () => {
    renderApp('/nowhere', { signedIn: patient });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('validates returnTo: an outside address leads home instead', async () => {
    const { user, router } = renderApp('/authentication/login?returnTo=%2F%2Fevil.com');
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
