import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { AuthProvider } from '../session/AuthProvider.tsx';
import { createAuthClient } from '../session/authClient.ts';
import { fakeApi, fakeIdentity, sessionUser } from '../test/fakes.ts';
import { IdleTimeout } from './IdleTimeout.tsx';

// The warning dialog is a lazy module: loaded once here, as a signed-in app loads it long before a warning.
beforeAll(() => import('./IdleWarningDialog.tsx'));
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

async function setup(timeoutMs: number) {
  const identity = fakeIdentity(sessionUser(['patient']));
  const api = fakeApi();
  const client = createAuthClient({ identity: identity.port, api, scopes: { required: ['patient'] } });
  await act(() => client.ready());
  renderWithProviders(
    <AuthProvider client={client}>
      <IdleTimeout timeoutMs={timeoutMs} />
    </AuthProvider>,
  );
  return { client, api, identity };
}

describe('IdleTimeout', () => {
  it('warns with a live countdown, and "Stay signed in" keeps the session', async () => {
    const { client } = await setup(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('signed out in 5 seconds');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByRole('timer')).toHaveTextContent('signed out in 1 second.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(client.getSnapshot().status).toBe('signedIn');
  });

  it('signs out after the timeout without activity (server logout, reason idle)', async () => {
    const { client, api } = await setup(4_000);
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(api.logout).toHaveBeenCalled();
    expect(client.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'idle' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('activity before the warning postpones it', async () => {
    const { client } = await setup(4_000);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    fireEvent.keyDown(document);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    fireEvent.pointerDown(document);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(client.getSnapshot().status).toBe('signedIn');
  });

  it('"Sign out now" signs out at once', async () => {
    const { client } = await setup(4_000);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(client.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'user' });
  });
});
