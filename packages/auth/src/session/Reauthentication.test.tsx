import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { fakeApi, FakeApiError, fakeIdentity, sessionUser } from '../test/fakes.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { createAuthClient } from './authClient.ts';
import { useReauthenticate, type Reauthenticate } from './Reauthentication.tsx';

async function setup(reauthAt: number | null) {
  const identity = fakeIdentity(sessionUser(['therapist'], { reauthAt }));
  const api = fakeApi({
    freshCustomToken: vi.fn(async () => JSON.stringify(sessionUser(['therapist'], { reauthAt: Date.now() }))),
  });
  const client = createAuthClient({ identity: identity.port, api, scopes: { required: ['therapist'] } });
  await act(() => client.ready());
  const handle: { current?: Reauthenticate } = {};
  function Probe() {
    handle.current = useReauthenticate();
    return null;
  }
  const view = renderWithProviders(
    <AuthProvider client={client}>
      <Probe />
    </AuthProvider>,
  );
  return { ...view, api, handle: handle as Required<typeof handle>, client };
}

describe('useReauthenticate', () => {
  it('runs a sensitive action at once after a recent re-authentication', async () => {
    const { handle } = await setup(Date.now());
    const action = vi.fn(async () => 'done');
    await expect(handle.current.withReauthentication(action)).resolves.toBe('done');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the password first when the last re-authentication is old, then runs the action', async () => {
    const { handle, user, api } = await setup(Date.now() - 60 * 60_000);
    const action = vi.fn(async () => 'deleted');
    let result: Promise<string> | undefined;
    act(() => {
      result = handle.current.withReauthentication(action);
    });
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText(/e-mail address/i)).toHaveValue('therapist@example.com');
    expect(screen.getByLabelText(/e-mail address/i)).toHaveAttribute('readonly');
    expect(action).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^password/i), 'right');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBe('deleted');
    expect(api.freshCustomToken).toHaveBeenCalledWith(
      expect.objectContaining({ idToken: 'password-id-token' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not run the action when the user cancels', async () => {
    const { handle, user } = await setup(null);
    const action = vi.fn(async () => 'x');
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = handle.current.withReauthentication(action).then(
        () => 'resolved',
        (error: unknown) => error,
      );
    });
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(outcome).resolves.toEqual({ key: 'reauthenticationRequired' });
    expect(action).not.toHaveBeenCalled();
  });

  it('re-authenticates and retries once when the server still asks for it', async () => {
    const { handle, user } = await setup(Date.now());
    const action = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new FakeApiError(401, 'reauthentication_required'))
      .mockResolvedValueOnce('renamed');
    let result: Promise<string> | undefined;
    act(() => {
      result = handle.current.withReauthentication(action);
    });
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(screen.getByLabelText(/^password/i), 'right');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBe('renamed');
    expect(action).toHaveBeenCalledTimes(2);
  });
});
