import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { AuthProvider } from '../session/AuthProvider.tsx';
import { createAuthClient } from '../session/authClient.ts';
import { fakeApi, FakeApiError, fakeIdentity, sessionUser } from '../test/fakes.ts';
import { SignInPanel } from './SignInPanel.tsx';

afterEach(() => vi.restoreAllMocks());

const mfaRequired = () =>
  new FakeApiError(401, 'mfa_required', undefined, {
    options: { options: [{ type: 'totp', id: 'secret-1', label: 'Work phone', default: true }] },
  });

function setup(api = fakeApi(), scopes = { required: ['therapist'] }) {
  const identity = fakeIdentity();
  const client = createAuthClient({ identity: identity.port, api, scopes });
  const onSignedIn = vi.fn();
  const view = renderWithProviders(
    <AuthProvider client={client}>
      <main>
        <SignInPanel onSignedIn={onSignedIn} forgotPasswordPath="/authentication/forgot-password" />
      </main>
    </AuthProvider>,
    { route: '/authentication/login' },
  );
  return { ...view, client, identity, onSignedIn, api };
}

async function typeCredentials(user: ReturnType<typeof setup>['user'], password = 'right') {
  await user.type(screen.getByLabelText(/e-mail address/i), 'therapist@example.com');
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPanel', () => {
  it('asks for e-mail and password, with a link to reset the password', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/e-mail address/i)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/authentication/forgot-password',
    );
  });

  it('says what is missing before asking anyone', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.customToken).not.toHaveBeenCalled();
  });

  it('shows wrong credentials and keeps the e-mail typed', async () => {
    const { user } = setup();
    await typeCredentials(user, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is not correct.',
    );
    expect(screen.getByLabelText(/e-mail address/i)).toHaveValue('therapist@example.com');
  });

  it('signs in with a TOTP code: one-time-code field, wrong code with attempts left, then the right one', async () => {
    const api = fakeApi({
      customToken: vi
        .fn()
        .mockRejectedValueOnce(mfaRequired())
        .mockRejectedValueOnce(new FakeApiError(401, 'mfa_invalid', { attemptsLeft: 4 }))
        .mockResolvedValueOnce(JSON.stringify(sessionUser(['therapist']))),
    });
    const { user, onSignedIn } = setup(api);
    await typeCredentials(user);
    expect(await screen.findByRole('heading', { level: 1, name: "Check it's you" })).toHaveFocus();
    const code = screen.getByLabelText(/verification code/i);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/authenticator app \(Work phone\)/)).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not correct.');
    expect(alert).toHaveTextContent('4 attempts left.');

    await user.click(screen.getByLabelText(/verification code/i));
    await user.paste('123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ scopes: ['therapist'] })),
    );
    expect(api.customToken).toHaveBeenLastCalledWith(
      expect.objectContaining({ mfaChallengeResponse: 'totp:secret-1:123456' }),
    );
  });

  it('refuses a code that is not six digits', async () => {
    const api = fakeApi({ customToken: vi.fn().mockRejectedValueOnce(mfaRequired()) });
    const { user } = setup(api);
    await typeCredentials(user);
    await screen.findByRole('heading', { name: "Check it's you" });
    await user.type(screen.getByLabelText(/verification code/i), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(api.customToken).toHaveBeenCalledTimes(1);
  });

  it('after too many attempts shows when to try again and disables Verify until then', async () => {
    const api = fakeApi({
      customToken: vi
        .fn()
        .mockRejectedValueOnce(mfaRequired())
        .mockRejectedValueOnce(new FakeApiError(429, 'rate_limited', { retryAfter: 300 }, {})),
    });
    const { user } = setup(api);
    await typeCredentials(user);
    await screen.findByRole('heading', { name: "Check it's you" });
    await user.type(screen.getByLabelText(/verification code/i), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts.');
    expect(alert).toHaveTextContent(/You can try again at \d{2}:\d{2}:\d{2}\./);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('refuses an account of another portal with a clear message', async () => {
    const api = fakeApi({
      customToken: vi
        .fn()
        .mockRejectedValue(new FakeApiError(403, 'scope_not_granted', { scopes: ['therapist'] })),
    });
    const { user, onSignedIn } = setup(api);
    await typeCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sends an e-mail code when that is the default, and can send another', async () => {
    const api = fakeApi({
      customToken: vi.fn().mockRejectedValueOnce(
        new FakeApiError(401, 'mfa_required', undefined, {
          options: { options: [{ type: 'email', id: 'email', label: 'm***@example.com', default: true }] },
        }),
      ),
    });
    const { user } = setup(api, { required: ['patient'] });
    await typeCredentials(user);
    expect(await screen.findByText(/We sent a 6-digit code to m\*\*\*@example.com/)).toBeInTheDocument();
    expect(api.sendEmailCode).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.sendEmailCode).toHaveBeenCalledTimes(2));
  });
});
