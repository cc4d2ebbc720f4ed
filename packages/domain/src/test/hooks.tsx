import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestQueryClient } from '@tend/ui/test-utils';

/** A hook of a subject with its own query client (no retries), e.g. to read the cache after a mutation. */
export function renderSubjectHook<T>(hook: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), queryClient };
}

/** The MSW server of a subject's tests: unhandled requests fail; the fetcher's error reports are accepted. */
export function subjectServer() {
  const server = setupServer(
    http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
