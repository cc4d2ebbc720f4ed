// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { setRuntimeConfig } from '@tend/config/runtime';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getGetServerStatusMockHandler, handlers } from '../generated/msw.ts';
import { createQueryClient } from '../http.ts';
import { SampleStatus, serviceState } from './SampleStatus.tsx';

const API = 'http://api.test';
const NOW = 1_763_772_000_000;
const server = setupServer(...handlers());

function renderStatus() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SampleStatus now={NOW} />
    </QueryClientProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setRuntimeConfig({ apiRoot: API, statusHost: API }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('SampleStatus (a screen on the generated hooks and MSW handlers)', () => {
  it('shows the loading state, then the status from the generated hook', async () => {
    server.use(
      getGetServerStatusMockHandler({ goingOffline: false, offlineTime: null, pendingReason: null, activeReason: null }),
    );
    renderStatus();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Checking the service…');
    expect(await screen.findByRole('heading', { name: 'Service status' })).toBeTruthy();
    expect(screen.getByText('The service is online.')).toBeTruthy();
  });

  it('shows the pending reason while going offline', async () => {
    server.use(
      getGetServerStatusMockHandler({
        goingOffline: true,
        offlineTime: NOW + 3_600_000,
        pendingReason: 'Upgrade at 22:00',
        activeReason: null,
      }),
    );
    renderStatus();
    expect(await screen.findByText('The service is going offline for maintenance soon.')).toBeTruthy();
    expect(screen.getByText('Upgrade at 22:00')).toBeTruthy();
  });

  it('renders faker data from the generated handler in one of the three states', async () => {
    renderStatus();
    const heading = await screen.findByRole('heading', { name: 'Service status' });
    const state = heading.parentElement?.querySelector('[data-state]')?.getAttribute('data-state');
    expect(['online', 'going-offline', 'offline']).toContain(state);
  });

  it('shows the failure message on an error answer', async () => {
    server.use(
      http.get(`${API}/server-status`, () =>
        HttpResponse.json({ code: 'unavailable', message: 'Down' }, { status: 503 }),
      ),
      http.post(`${API}/error-reporting`, () => new HttpResponse(null, { status: 204 })),
    );
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    render(
      <QueryClientProvider client={client}>
        <SampleStatus now={NOW} />
      </QueryClientProvider>,
    );
    // 5xx is retried by the shared client (immediately here); the error shows once retries end.
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Something bad happened; please try again later. (unavailable)',
    );
  });

  it('computes the service state as section 4 of the spec says', () => {
    const base = { pendingReason: null, activeReason: null };
    expect(serviceState({ ...base, goingOffline: false, offlineTime: NOW - 1 }, NOW)).toBe('online');
    expect(serviceState({ ...base, goingOffline: true, offlineTime: NOW + 1 }, NOW)).toBe('going-offline');
    expect(serviceState({ ...base, goingOffline: true, offlineTime: NOW }, NOW)).toBe('offline');
    expect(serviceState({ ...base, goingOffline: true, offlineTime: null }, NOW)).toBe('offline');
  });
});
