import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSyncRequest } from '@tend/api/model';
import {
  closeOutbox,
  flushOutbox,
  pendingMoments,
  queueMoment,
  syncRequests,
  type OwnMoment,
} from './outbox.ts';
import { useOutboxSync } from './save.ts';

const server = setupServer(
  http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  closeOutbox();
  indexedDB.deleteDatabase('tend-outbox');
});
afterAll(() => server.close());

const checkup = (momentId: string, start: number, mood = 3, updatedAt = start): OwnMoment => ({
  momentId,
  eventType: 'checkup',
  start,
  end: start,
  updatedAt,
  body: { mood },
});

describe('the offline outbox', () => {
  it('keeps one copy per momentId (the newer edit), per patient, across re-opening', async () => {
    await queueMoment('p1', checkup('a', 1000, 2));
    await queueMoment('p1', checkup('a', 1000, 4, 2000));
    await queueMoment('p2', checkup('b', 1000));
    closeOutbox();
    const p1 = await pendingMoments('p1');
    expect(p1.map((p) => [p.momentId, p.moment.body])).toEqual([['a', { mood: 4 }]]);
  });

  it('groups moments into batches per type within the contract limits', () => {
    const many = Array.from({ length: 1001 }, (_, i) => checkup(`c${i}`, 1000 + i));
    const requests = syncRequests([
      ...many,
      { momentId: 'j', eventType: 'journal', start: 5, end: 5, body: { text: 'x' } },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.batches.map((b) => [b.eventType, b.events.length, b.startFrom, b.endAt])).toEqual([
      ['checkup', 500, 1000, 1500],
      ['checkup', 500, 1500, 2000],
      ['checkup', 1, 2000, 2001],
      ['journal', 1, 5, 6],
    ]);
  });

  it('sends the queue once even when asked twice at the same time, and empties it', async () => {
    const bodies: BatchSyncRequest[] = [];
    server.use(
      http.post('*/moments/batch-sync', async ({ request }) => {
        bodies.push((await request.json()) as BatchSyncRequest);
        return HttpResponse.json({ results: [] });
      }),
    );
    await queueMoment('p1', checkup('a', 1000));
    await queueMoment('p1', checkup('b', 2000));
    const [first, second] = await Promise.all([flushOutbox('p1'), flushOutbox('p1')]);
    expect(first.map((m) => m.momentId)).toEqual(['a', 'b']);
    expect(second).toBe(first);
    expect(bodies).toHaveLength(1);
    expect(await pendingMoments('p1')).toEqual([]);
  });

  it('keeps everything when the server cannot be reached, counting the attempt', async () => {
    server.use(http.post('*/moments/batch-sync', () => HttpResponse.error()));
    await queueMoment('p1', checkup('a', 1000));
    await expect(flushOutbox('p1')).rejects.toBeTruthy();
    const left = await pendingMoments('p1');
    expect(left.map((p) => [p.momentId, p.attempts])).toEqual([['a', 1]]);
  });

  it('says offline when the server could not be reached, whatever the browser says, and online once it is', async () => {
    // A page reloaded without a connection can report navigator.onLine true: the failed attempt decides.
    expect(navigator.onLine).toBe(true);
    let reachable = false;
    server.use(
      http.post('*/moments/batch-sync', () =>
        reachable ? HttpResponse.json({ results: [] }) : HttpResponse.error(),
      ),
    );
    await queueMoment('p1', checkup('a', 1000));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useOutboxSync('p1'), { wrapper });
    await waitFor(() => expect(result.current.pending).toHaveLength(1));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.online).toBe(false);

    reachable = true;
    act(() => result.current.syncNow());
    await waitFor(() => expect(result.current.pending).toHaveLength(0));
    expect(result.current.online).toBe(true);
    expect(result.current.failed).toBe(false);
  });
});
