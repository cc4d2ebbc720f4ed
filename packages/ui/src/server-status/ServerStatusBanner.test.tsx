import { notifications } from '@mantine/notifications';
import { setRuntimeConfig } from '@tend/config/runtime';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, renderWithProviders } from '../test-utils.tsx';
import {
  getServerStatusService,
  resetServerStatusService,
  ServerStatusBanner,
} from './ServerStatusBanner.tsx';
import { ServerStatusService } from './service.ts';

function serviceAnswering(body: unknown, status = 200) {
  const fetch = vi.fn(async () =>
    status === 200 ? new Response(JSON.stringify(body), { status }) : new Response('', { status }),
  );
  const navigate = vi.fn();
  const service = new ServerStatusService({
    statusHost: 'https://status.example',
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate,
    retryDelayMs: 0,
  });
  return { service, fetch, navigate };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  resetServerStatusService();
});

describe('ServerStatusBanner', () => {
  it('shows nothing while online', async () => {
    const { service, fetch } = serviceAnswering({ goingOffline: false });
    renderWithProviders(<ServerStatusBanner service={service} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/maintenance/)).toBeNull();
  });

  it('announces planned maintenance politely with the time (en-GB) and the reason', async () => {
    const offlineTime = Date.UTC(2030, 5, 1, 18, 30);
    const { service } = serviceAnswering({
      goingOffline: true,
      offlineTime,
      pendingReason: 'Database upgrade',
    });
    const { container } = renderWithProviders(<ServerStatusBanner service={service} />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Planned maintenance');
    const expectedTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      offlineTime,
    );
    expect(status).toHaveTextContent(`Tend will be unavailable for maintenance from ${expectedTime}.`);
    expect(status).toHaveTextContent('Reason: Database upgrade');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('without a connection on this device: a calm note, no status request and no failure', async () => {
    window.dispatchEvent(new Event('offline'));
    const { service, fetch } = serviceAnswering({ goingOffline: false });
    renderWithProviders(<ServerStatusBanner service={service} />);
    expect(await screen.findByRole('status')).toHaveTextContent('No internet connection');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Something bad happened/)).toBeNull();
    // Back online: the status is asked at once and the note goes.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((r) => setTimeout(r, 10));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('No internet connection')).toBeNull();
  });

  it('alerts when offline, with the active reason as text', async () => {
    const { service } = serviceAnswering({
      goingOffline: true,
      offlineTime: Date.now() - 1000,
      activeReason: '<b>Upgrade</b>',
    });
    renderWithProviders(<ServerStatusBanner service={service} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tend is unavailable');
    expect(alert).toHaveTextContent('Reason: <b>Upgrade</b>');
    expect(alert.querySelector('b')).toBeNull();
  });

  it("shows 'Something bad happened; please try again later.' when a poll fails", async () => {
    const { service, fetch } = serviceAnswering(undefined, 503);
    renderWithProviders(<ServerStatusBanner service={service} />);
    expect(await screen.findByText('Something bad happened; please try again later.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(console.error).toHaveBeenCalledWith('Server status poll failed', expect.any(Error));
    // the next failing poll does not stack a second message
    await act(() => service.poll());
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(screen.getAllByText('Something bad happened; please try again later.')).toHaveLength(1);
  });

  it('inline (the public site, which has no notifications): the message in its place until a poll succeeds', async () => {
    // Mantine's notifications store is global: earlier tests' notifications would still be on screen.
    notifications.clean();
    let ok = false;
    const fetch = vi.fn(async () =>
      ok ? new Response(JSON.stringify({ goingOffline: false })) : new Response('', { status: 503 }),
    );
    const service = new ServerStatusService({
      statusHost: 'https://status.example',
      fetch: fetch as unknown as typeof globalThis.fetch,
      navigate: vi.fn(),
      retryDelayMs: 0,
    });
    const { container } = renderWithProviders(<ServerStatusBanner service={service} pollFailure="inline" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something bad happened; please try again later.');
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(await axeViolations(container)).toEqual([]);
    ok = true;
    await act(async () => screen.getByRole('button', { name: 'Check again' }).click());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText('Something bad happened; please try again later.')).toBeNull();
  });

  it('stops polling when unmounted', async () => {
    const { service } = serviceAnswering({ goingOffline: false });
    const stop = vi.spyOn(service, 'stop');
    const { unmount } = renderWithProviders(<ServerStatusBanner service={service} />);
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('builds the shared service from the runtime configuration', async () => {
    setRuntimeConfig({ statusHost: 'https://status.tend.example', maintenanceBypass: true });
    const service = getServerStatusService();
    expect(getServerStatusService()).toBe(service);
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ServerStatusBanner />);
    expect(fetch).not.toHaveBeenCalled();
    expect(service.getStatus().state).toBe('online');
  });
});
