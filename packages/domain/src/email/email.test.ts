import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getSubscribeEmailMockHandler,
  getUnsubscribeEmailMockHandler,
  getUpdateEmailByJwtMockHandler,
} from '@tend/api/msw';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { useEmailSubscription, useEmailUpdateConfirmation } from './email.ts';

const server = subjectServer();

describe('e-mail links', () => {
  it('subscribes and unsubscribes the address', async () => {
    const paths: string[] = [];
    server.use(
      getSubscribeEmailMockHandler(
        ({ request }) => (
          paths.push(new URL(request.url).pathname),
          { email: 'a@example.com', subscribed: true }
        ),
      ),
      getUnsubscribeEmailMockHandler(
        ({ request }) => (
          paths.push(new URL(request.url).pathname),
          { email: 'a@example.com', subscribed: false }
        ),
      ),
    );
    const subscribe = renderSubjectHook(() => useEmailSubscription('subscribe')).result;
    const unsubscribe = renderSubjectHook(() => useEmailSubscription('unsubscribe')).result;
    await act(() => subscribe.current.mutateAsync({ email: 'a@example.com' }));
    await act(() => unsubscribe.current.mutateAsync({ email: 'a@example.com' }));
    expect(paths.map(decodeURIComponent)).toEqual([
      '/email/subscribe/a@example.com',
      '/email/unsubscribe/a@example.com',
    ]);
  });

  it('confirms by the token once, is not retried, and tries again when asked', async () => {
    let calls = 0;
    server.use(
      http.get('*/email/update/jwt/:token', () =>
        ++calls === 1
          ? HttpResponse.json({ code: 'unavailable', message: 'x' }, { status: 503 })
          : HttpResponse.text('ok'),
      ),
    );
    const { result, rerender } = renderSubjectHook(() => useEmailUpdateConfirmation('jwt-1'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    rerender();
    expect(calls).toBe(1);
    server.use(getUpdateEmailByJwtMockHandler('ok'));
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.data).toBe('ok'));
    expect(calls).toBe(1);
  });

  it('asks nothing without a token', () => {
    const { result } = renderSubjectHook(() => useEmailUpdateConfirmation(''));
    expect(result.current.fetchStatus).toBe('idle');
  });
});
