/**
 * Test support for the apps' chat features (`@tend/domain/chat/testing`; tests only): the fake chat server of
 * the client's tests as MSW handlers over the contract's paths, the browser's EventSource replaced by the
 * fake one the test drives, and a layout for jsdom so the virtualised thread renders its rows.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { stopChatClients } from './client/registry.ts';
import { FakeEventSource, layoutForVirtualLists, type FakeChatServer } from './client/testing.ts';

export {
  FakeChatServer,
  FakeEventSource,
  FakeNetwork,
  ManualTimers,
  apiError,
  layoutForVirtualLists,
  networkError,
  settle,
} from './client/testing.ts';

/** The chat calls of one person, answered by the fake server (the token call of the patient or the therapist). */
export function chatHandlers(server: FakeChatServer, selfId: string) {
  const token = () => ({
    token: `token-${++server.tokens}`,
    chatSessionId: server.sessionId,
    streamUrl: `/chats/${server.sessionId}/stream?token=token-${server.tokens}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return [
    http.get('*/patient/chat/token', () => HttpResponse.json(token())),
    http.get('*/chats/token', () => HttpResponse.json(token())),
    http.get('*/chats/:chatSessionId/messages', ({ request }) => {
      const url = new URL(request.url);
      const cursor = url.searchParams.get('paginationCursor') ?? undefined;
      return HttpResponse.json(
        server.page({
          limit: Number(url.searchParams.get('limit') ?? 50),
          ...(cursor ? { paginationCursor: cursor } : {}),
        }),
      );
    }),
    http.put('*/chats/:chatSessionId/messages/:chatMessageKey', async ({ request, params }) => {
      const { messageBody } = (await request.json()) as { messageBody: string };
      const message = server.put(selfId, String(params.chatMessageKey), messageBody);
      return HttpResponse.json(message);
    }),
    http.post('*/chats/:chatSessionId/action/markAllAsRead', () => {
      const readAt = new Date(server.tick(1)).toISOString();
      server.reads[selfId] = readAt;
      return HttpResponse.json({ chatSessionId: server.sessionId, readAt });
    }),
    http.get('*/chats/unread-messages', () =>
      HttpResponse.json({ counts: { [server.sessionId]: server.unreadOf(selfId) } }),
    ),
  ];
}

/** Replaces the browser's EventSource: each `new EventSource(url)` becomes a FakeEventSource in `server.sources`. */
export function installFakeEventSource(server: FakeChatServer): () => void {
  const original = globalThis.EventSource;
  class BrowserFake extends FakeEventSource {
    constructor(url: string | URL) {
      const text = String(url);
      super(text, new URL(text, 'http://localhost').searchParams.get('lastEventId'));
      server.sources.push(this);
    }
  }
  globalThis.EventSource = BrowserFake as unknown as typeof EventSource;
  return () => {
    globalThis.EventSource = original;
  };
}

/**
 * The hooks around every test of a chat page, the same in the patient's and the therapist's apps: the thread
 * laid out for jsdom for the whole file; for each test the browser's EventSource replaced by the fake one of
 * `chatServer()` (the test's own beforeEach, registered before this call, makes that server afresh), then
 * every chat client stopped and the browser's EventSource put back.
 */
export function withFakeChat(chatServer: () => FakeChatServer): void {
  let restoreLayout: () => void;
  let restoreEventSource: () => void;
  beforeAll(() => {
    restoreLayout = layoutForVirtualLists();
  });
  afterAll(() => restoreLayout());
  beforeEach(() => {
    restoreEventSource = installFakeEventSource(chatServer());
  });
  afterEach(() => {
    stopChatClients();
    restoreEventSource();
  });
}
