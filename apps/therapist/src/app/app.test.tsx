import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { identityServer, renderApp, server, signIn, withMockServer } from '../test/renderApp.tsx';

withMockServer();

const therapist = { uid: 't1', email: 'therapist@example.com', scopes: ['therapist'], signedInAt: Date.now(), reauthAt: Date.now() };

async function enterCode(user: Awaited<ReturnType<typeof renderApp>>['user'], code: string) {
  const input = await screen.findByLabelText(/verification code/i);
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('therapist console', () => {
  it('signs in with TOTP after an anonymous visit: a wrong code shows an error, then back to the page', async () => {
    server.use(
      http.get('*/iams/mfa/configurations', () =>
        HttpResponse.json({
          configurations: [{ id: 'secret-1', type: 'totp', label: 'Phone', default: true, createdAt: '2026-11-01T09:00:00Z' }],
          required: true,
        }),
      ),
    );
    const { user, router } = renderApp('/security');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.search).toBe('?returnTo=%2Fsecurity');
    await signIn(user, 'therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: "Check it's you" })).toBeInTheDocument();
    await enterCode(user, '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(/That code is not correct\..*attempts? left/);
    await enterCode(user, '123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security – Tend Therapist'));
  });

  it('refuses a patient with a clear message', async () => {
    const { user, auth } = renderApp('/');
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('takes a therapist without a second factor to set one up before anything else', async () => {
    const { user } = renderApp('/');
    await signIn(user, 'new-therapist@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeInTheDocument();
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

  it('greets the therapist by name and signs out', async () => {
    const { user, router } = renderApp('/', { signedIn: therapist });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(identityServer.logouts()).toBeGreaterThan(0);
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Hello, Alex')).not.toBeInTheDocument();
  });
});
