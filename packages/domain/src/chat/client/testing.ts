/**
 * Fakes of the chat client's ports for tests (the client's own, the hooks' and the apps' component tests):
 * an EventSource that the test drives, manual timers, a network switch, and a little server of one chat that
 * keeps messages by key the way the real one does. Not part of any app bundle (imported by tests only).
 */
import type { ChatMessage, ChatMessagePage, ChatSession, ChatToken } from '@tend/api/model';
import { ApiError } from '@tend/api/http';
import type { ChatClientPorts, EventSourceLike, NetworkPort, TimerPort } from './ChatClient.ts';

export class FakeEventSource implements EventSourceLike {
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly lastEventId: string | null,
  ) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends an event (data as JSON unless a string). */
  emit(name: string, data: unknown, id?: string): void {
    const event = new MessageEvent(name, {
      data: typeof data === 'string' ? data : JSON.stringify(data),
      lastEventId: id ?? '',
    });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }

  /** The connection failed or dropped. */
  fail(): void {
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
}

export class ManualTimers implements TimerPort {
  #next = 1;
  readonly pending = new Map<number, { fn: () => void; ms: number }>();
  set(fn: () => void, ms: number): number {
    const id = this.#next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** The delays of the pending timers. */
  get delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }
  /** Runs every pending timer (not those they set). */
  runAll(): void {
    const due = [...this.pending.entries()];
    this.pending.clear();
    for (const [, t] of due) t.fn();
  }
}

export class FakeNetwork implements NetworkPort {
  #online = true;
  readonly #listeners = new Set<(online: boolean) => void>();
  online(): boolean {
    return this.#online;
  }
  subscribe(listener: (online: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }
  set(online: boolean): void {
    this.#online = online;
    for (const l of [...this.#listeners]) l(online);
  }
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const networkError = () =>
  new ApiError({ status: 0, code: 'network_error', message: 'Failed to fetch' });
export const apiError = (status: number, code: string) => new ApiError({ status, code, message: code });

/** An open chat of Sam Taylor (patient-1) with Alex Morgan (therapist-1, the lead), over the event stream. */
export const SAMPLE_CHAT_SESSION: ChatSession = {
  chatSessionId: 'chat-1',
  patientId: 'patient-1',
  patientName: 'Sam Taylor',
  status: 'open',
  chatTransport: 'stream',
  emergency: false,
  participants: [
    { userId: 'patient-1', name: 'Sam Taylor', role: 'patient', leftAt: null, lastReadAt: null },
    { userId: 'therapist-1', name: 'Alex Morgan', role: 'lead', leftAt: null, lastReadAt: null },
  ],
  startedAt: '2026-03-01T09:00:00.000Z',
  endedAt: null,
};

/** One chat as the server keeps it: messages by key (a known key of the sender edits), read instants, tokens. */
export class FakeChatServer {
  readonly messages: ChatMessage[] = [];
  readonly sources: FakeEventSource[] = [];
  readonly reads: Record<string, string> = {};
  tokens = 0;
  clock = Date.parse('2026-03-01T10:00:00.000Z');
  /** Set to make the next calls fail. */
  failToken: unknown = null;
  failSend: unknown = null;
  failPage: unknown = null;
  names: Record<string, string> = { 'patient-1': 'Sam Taylor', 'therapist-1': 'Alex Morgan' };

  constructor(
    readonly sessionId = 'chat-1',
    readonly session: ChatSession = SAMPLE_CHAT_SESSION,
  ) {}

  get source(): FakeEventSource {
    const s = this.sources.at(-1);
    if (!s) throw new Error('no stream opened');
    return s;
  }

  tick(ms = 1000): number {
    this.clock += ms;
    return this.clock;
  }

  /** Stores a message (send or edit) and answers it, like PUT /chats/{id}/messages/{key}. */
  put(senderId: string, key: string, body: string): ChatMessage {
    const at = new Date(this.tick()).toISOString();
    const i = this.messages.findIndex((m) => m.chatMessageKey === key);
    if (i >= 0) {
      const existing = this.messages[i]!;
      if (existing.senderId !== senderId) throw apiError(403, 'forbidden');
      if (existing.messageBody === body) return existing;
      this.messages[i] = { ...existing, messageBody: body, editedAt: at };
      return this.messages[i]!;
    }
    const message: ChatMessage = {
      chatMessageKey: key,
      chatSessionId: this.sessionId,
      senderId,
      senderName: this.names[senderId] ?? senderId,
      messageBody: body,
      sentAt: at,
      editedAt: null,
    };
    this.messages.push(message);
    return message;
  }

  /** Someone writes and the open stream carries it. */
  deliver(senderId: string, key: string, body: string): ChatMessage {
    const message = this.put(senderId, key, body);
    this.source.emit(
      message.editedAt ? 'message-edited' : 'message',
      message,
      String(Date.parse(message.editedAt ?? message.sentAt)),
    );
    return message;
  }

  unreadOf(userId: string): number {
    const readAt = this.reads[userId] ? Date.parse(this.reads[userId]) : -Infinity;
    return this.messages.filter((m) => m.senderId !== userId && Date.parse(m.sentAt) > readAt).length;
  }

  page(params: { paginationCursor?: string; limit: number }): ChatMessagePage {
    const end = params.paginationCursor ? Number(params.paginationCursor) : this.messages.length;
    const start = Math.max(0, end - params.limit);
    return {
      items: this.messages.slice(start, end),
      paginationCursor: start > 0 ? String(start) : null,
      lastEventId: String(this.clock),
    };
  }

  /** The chat client's ports, as `selfId`, talking to this server. */
  ports(selfId: string, extra: Partial<ChatClientPorts> = {}): ChatClientPorts {
    return {
      sessionId: this.sessionId,
      selfId,
      token: async () => {
        if (this.failToken) throw this.failToken;
        this.tokens++;
        const token: ChatToken = {
          token: `token-${this.tokens}`,
          chatSessionId: this.sessionId,
          streamUrl: `/chats/${this.sessionId}/stream?token=token-${this.tokens}`,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        };
        return token;
      },
      page: async (params) => {
        if (this.failPage) throw this.failPage;
        return this.page(params);
      },
      send: async (key, body) => {
        if (this.failSend) throw this.failSend;
        return this.put(selfId, key, body);
      },
      markRead: async () => {
        const readAt = new Date(this.tick(1)).toISOString();
        this.reads[selfId] = readAt;
        return { chatSessionId: this.sessionId, readAt };
      },
      unread: async () => this.unreadOf(selfId),
      open: (token, lastEventId) => {
        const source = new FakeEventSource(token.streamUrl, lastEventId);
        this.sources.push(source);
        return source;
      },
      random: () => 0.5,
      newKey: (() => {
        let n = 0;
        return () => `key-${++n}`;
      })(),
      ...extra,
    };
  }
}

export { layoutForVirtualLists } from '@tend/ui/test-utils';
