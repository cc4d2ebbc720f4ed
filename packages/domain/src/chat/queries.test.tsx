import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { getGetMyChatStateQueryKey, getListChatRequestsQueryKey } from '@tend/api';
import type { ChatExists, ChatRequestList, ChatSession } from '@tend/api/model';
import { createTestQueryClient } from '@tend/ui/test-utils';
import {
  chatSignOutStep,
  useAcceptChatRequest,
  useEndMyChat,
  useMyChatState,
  useRequestChat,
  useRequestEmergencyChat,
  useChatsBadge,
  useTherapistChats,
} from './queries.ts';
import { MY_CHATS_KEY } from './hooks/cache.ts';
import type { MyChatPages } from './model/my-chats.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const session: ChatSession = {
  chatSessionId: 'c1',
  patientId: 'p1',
  patientName: 'Sam Taylor',
  status: 'open',
  chatTransport: 'stream',
  emergency: false,
  participants: [],
  startedAt: '2026-03-01T10:00:00.000Z',
};

function wrapper() {
  const queryClient = createTestQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, Wrapper };
}

describe('the chat’s calls and the cache', () => {
  it('a request makes my state "waiting"; ending makes it none; an emergency request reads the state again', async () => {
    let stateReads = 0;
    server.use(
      http.post('*/patient/chat/request-chat', () =>
        HttpResponse.json(
          {
            requestId: 'c1',
            patientId: 'p1',
            patientName: 'Sam',
            message: 'hi',
            emergency: false,
            chatTransport: 'stream',
            createdAt: session.startedAt,
          },
          { status: 201 },
        ),
      ),
      http.post('*/patient/chat/request-emergency-chat', () =>
        HttpResponse.json(
          {
            requestId: 'c1',
            patientId: 'p1',
            patientName: 'Sam',
            message: 'help',
            emergency: true,
            chatTransport: 'stream',
            createdAt: session.startedAt,
            crisisLines: [{ name: 'Samaritans', phone: '116 123' }],
          },
          { status: 201 },
        ),
      ),
      http.post('*/patient/chat/end-chat', () => new HttpResponse(null, { status: 204 })),
      http.get('*/patient/chat/exists', () => {
        stateReads++;
        return HttpResponse.json({ exists: true, status: 'requested', chatSessionId: null, requestId: 'c1' });
      }),
    );
    const { queryClient, Wrapper } = wrapper();
    const { result } = renderHook(
      () => ({
        request: useRequestChat(),
        end: useEndMyChat(),
        emergency: useRequestEmergencyChat(),
        state: useMyChatState(),
      }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.state.isSuccess).toBe(true));
    await act(() => result.current.request.mutateAsync({ data: { message: 'hi' } }));
    expect(queryClient.getQueryData<ChatExists>(getGetMyChatStateQueryKey())).toEqual({
      exists: true,
      status: 'requested',
      chatSessionId: null,
      requestId: 'c1',
    });
    await act(() => result.current.end.mutateAsync());
    expect(queryClient.getQueryData<ChatExists>(getGetMyChatStateQueryKey())).toMatchObject({
      status: 'none',
    });
    const before = stateReads;
    const answer = await act(() => result.current.emergency.mutateAsync({ data: { message: 'help' } }));
    expect(answer.crisisLines?.[0]?.phone).toBe('116 123');
    await waitFor(() => expect(stateReads).toBeGreaterThan(before));
  });

  it('accepting takes the request out of the queue and puts the chat in my list; a request taken by a colleague leaves the queue', async () => {
    server.use(
      http.get('*/therapist/chat-requests/:id/accept', ({ params }) =>
        params.id === 'taken'
          ? HttpResponse.json({ code: 'already_accepted', message: 'taken' }, { status: 409 })
          : HttpResponse.json(session),
      ),
    );
    const { queryClient, Wrapper } = wrapper();
    const request = (id: string) => ({
      requestId: id,
      patientId: 'p',
      patientName: 'P',
      message: '',
      emergency: false,
      chatTransport: 'stream' as const,
      createdAt: session.startedAt,
    });
    queryClient.setQueryData<ChatRequestList>(getListChatRequestsQueryKey(), {
      items: [request('c1'), request('taken'), request('other')],
    });
    queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, {
      pages: [{ items: [], paginationCursor: null, unreadTotal: 0 }],
      pageParams: [undefined],
    });
    const { result } = renderHook(() => useAcceptChatRequest(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ requestId: 'c1' }));
    await act(() => result.current.mutateAsync({ requestId: 'taken' }).catch(() => undefined));
    expect(
      queryClient.getQueryData<ChatRequestList>(getListChatRequestsQueryKey())?.items.map((r) => r.requestId),
    ).toEqual(['other']);
    expect(
      queryClient
        .getQueryData<MyChatPages>(MY_CHATS_KEY)
        ?.pages[0]?.items.map((i) => i.session.chatSessionId),
    ).toEqual(['c1']);
  });

  it('my chats come from v2, and from v1 with unread counts when v2 is missing', async () => {
    server.use(
      http.get('*/therapist/v2/chats', () =>
        HttpResponse.json({ code: 'not_found', message: 'no' }, { status: 404 }),
      ),
      http.get('*/therapist/chats', ({ request }) => {
        const skip = Number(new URL(request.url).searchParams.get('skip'));
        const items =
          skip === 0
            ? Array.from({ length: 100 }, (_, i) => ({ ...session, chatSessionId: `c${i}` }))
            : [{ ...session, chatSessionId: 'c100' }];
        return HttpResponse.json({ items, skip, limit: 100, total: 101 });
      }),
      http.get('*/chats/unread-messages', ({ request }) => {
        const ids = new URL(request.url).searchParams.getAll('channelIds');
        return HttpResponse.json({
          counts: Object.fromEntries(ids.map((id) => [id, id === 'c100' ? 3 : 0])),
        });
      }),
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useTherapistChats(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.chats).toHaveLength(101));
    expect(result.current.chats.at(-1)).toMatchObject({ unreadCount: 3, lastMessage: null });
    // One page, the whole list: nothing more to read; the unread total summed.
    expect(result.current.data?.pages).toHaveLength(1);
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.unread).toBe(3);
  });

  it('my chats come a page at a time by the cursor; the badge reads the server’s unread total from the same cache', async () => {
    const asked: Array<{ limit: string | null; cursor: string | null }> = [];
    const chat = (id: string, unreadCount = 0) => ({
      session: { ...session, chatSessionId: id, patientId: `p-${id}` },
      unreadCount,
      lastMessage: null,
    });
    server.use(
      http.get('*/therapist/v2/chats', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push({ limit: params.get('limit'), cursor: params.get('paginationCursor') });
        return params.get('paginationCursor') === 'next'
          ? HttpResponse.json({ items: [chat('c3', 4)], paginationCursor: null, unreadTotal: 9 })
          : HttpResponse.json({
              items: [chat('c1', 2), chat('c2')],
              paginationCursor: 'next',
              unreadTotal: 9,
            });
      }),
      http.get('*/therapist/chat-requests', () =>
        HttpResponse.json({
          items: [
            {
              requestId: 'r1',
              patientId: 'p',
              patientName: 'P',
              message: '',
              emergency: false,
              chatTransport: 'stream',
              createdAt: session.startedAt,
            },
          ],
        }),
      ),
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => ({ chats: useTherapistChats(), badge: useChatsBadge() }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.chats.chats).toHaveLength(2));
    await waitFor(() => expect(result.current.badge.waiting).toBe(1));
    // Unread across every chat (c3 is not loaded yet), read once for both hooks.
    expect(result.current.badge.unread).toBe(9);
    expect(asked).toEqual([{ limit: '30', cursor: null }]);
    expect(result.current.chats.hasNextPage).toBe(true);
    await act(() => result.current.chats.fetchNextPage());
    // TanStack Query tells the hooks of the new page on a timer of its own (its notify manager), which act does
    // not always wait for: on a busy machine the page was fetched but not yet rendered when this was read.
    await waitFor(() =>
      expect(result.current.chats.chats.map((c) => c.session.chatSessionId)).toEqual(['c1', 'c2', 'c3']),
    );
    expect(result.current.chats.hasNextPage).toBe(false);
    expect(asked.at(-1)).toEqual({ limit: '30', cursor: 'next' });
  });

  it('signing out revokes the chat tokens of the role', async () => {
    const revoked: string[] = [];
    server.use(
      http.delete(
        '*/patient/chat/token',
        () => (revoked.push('patient'), new HttpResponse(null, { status: 204 })),
      ),
      http.delete(
        '*/chats/token',
        () => (revoked.push('therapist'), new HttpResponse(null, { status: 204 })),
      ),
    );
    await chatSignOutStep('patient')();
    await chatSignOutStep('therapist')();
    expect(revoked).toEqual(['patient', 'therapist']);
  });
});
