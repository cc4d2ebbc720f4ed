import { describe, expect, it, vi } from 'vitest';
import { ChatClient, FIRST_PAGE_SIZE, MARK_READ_INTERVAL_MS, UNREAD_REFRESH_MS } from './ChatClient.ts';
import { FakeChatServer, FakeNetwork, ManualTimers, apiError, networkError, settle } from './testing.ts';
import { RESUME_OVERLAP_MS } from '../model/events.ts';

const ME = 'patient-1';
const THEM = 'therapist-1';

function setup(options: { history?: boolean } = {}) {
  const server = new FakeChatServer();
  const timers = new ManualTimers();
  const network = new FakeNetwork();
  const onClosed = vi.fn();
  const onSession = vi.fn();
  const client = new ChatClient(server.ports(ME, { timers, network, onClosed, onSession }));
  if (options.history) void client.loadNewest();
  return { server, timers, network, client, onClosed, onSession };
}

async function live(t: ReturnType<typeof setup>) {
  t.client.start();
  await settle();
  t.server.source.emit('ready', t.server.session);
  await settle();
}

const keys = (client: ChatClient) => client.getSnapshot().thread.messages.map((m) => m.chatMessageKey);

describe('the chat client', () => {
  it('connects with a chat token, is live on ready, and follows the session', async () => {
    const t = setup();
    const seen: string[] = [];
    t.client.subscribe(() => seen.push(t.client.getSnapshot().connection.status));
    t.client.start();
    expect(t.client.getSnapshot().connection.status).toBe('connecting');
    await settle();
    expect(t.server.tokens).toBe(1);
    expect(t.server.source.url).toContain('token=token-1');
    expect(t.server.source.lastEventId).toBeNull();
    t.server.source.emit('ready', t.server.session);
    expect(t.client.getSnapshot()).toMatchObject({
      connection: { status: 'live' },
      session: { chatSessionId: 'chat-1' },
    });
    expect(t.onSession).toHaveBeenCalledWith(t.server.session);
    expect(seen).toContain('live');
  });

  it('reads the newest page first, then opens the stream where the page was read', async () => {
    const t = setup();
    for (let i = 0; i < 60; i++) t.server.put(i % 2 ? ME : THEM, `m${i}`, `message ${i}`);
    void t.client.loadNewest();
    await live(t);
    expect(keys(t.client)).toHaveLength(FIRST_PAGE_SIZE);
    expect(t.server.source.lastEventId).toBe(String(t.server.clock - RESUME_OVERLAP_MS));
    await t.client.loadOlder();
    expect(keys(t.client)).toHaveLength(60);
    expect(t.client.getSnapshot().thread.history.cursor).toBeNull();
    // Nothing more to load.
    await t.client.loadOlder();
    expect(keys(t.client)).toHaveLength(60);
  });

  it('shows each message once: from the stream, a replay, or the page', async () => {
    const t = setup({ history: true });
    await live(t);
    const m = t.server.deliver(THEM, 't1', 'How are you today?');
    t.server.source.emit('message', m, String(Date.parse(m.sentAt)));
    await t.client.loadNewest();
    expect(keys(t.client)).toEqual(['t1']);
    expect(t.client.getSnapshot().thread.unread).toBe(1);
  });

  it('reconnects after a drop with back-off and resumes from the last event: nothing lost, nothing twice', async () => {
    const t = setup({ history: true });
    await live(t);
    const first = t.server.deliver(THEM, 't1', 'one');
    t.server.source.fail();
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'waiting', attempt: 1 });
    expect(t.server.source.closed).toBe(true);
    expect(t.timers.delays).toContain(750);
    // Written while the connection was down.
    t.server.put(THEM, 't2', 'two');
    t.timers.runAll();
    await settle();
    const again = t.server.source;
    expect(again.lastEventId).toBe(String(Date.parse(first.sentAt) - RESUME_OVERLAP_MS));
    // The server replays from there: t1 again (the overlap) and t2.
    for (const m of t.server.messages) again.emit('message', m, String(Date.parse(m.sentAt)));
    again.emit('ready', t.server.session);
    expect(keys(t.client)).toEqual(['t1', 't2']);
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'live', attempt: 0 });
    // A live stream that dropped keeps its token.
    expect(t.server.tokens).toBe(1);
  });

  it('asks for a new token after failing before ready, and closes for good when the chat is gone', async () => {
    const t = setup();
    t.client.start();
    await settle();
    t.server.source.fail();
    t.server.failToken = apiError(403, 'forbidden');
    t.timers.runAll();
    await settle();
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'closed', reason: 'left' });
    expect(t.onClosed).toHaveBeenCalledWith('left');

    const patient = setup();
    patient.server.failToken = apiError(404, 'not_found');
    patient.client.start();
    await settle();
    expect(patient.client.getSnapshot().connection).toMatchObject({ status: 'closed', reason: 'notFound' });
  });

  it('keeps trying when the token call fails for the network', async () => {
    const t = setup();
    t.server.failToken = networkError();
    t.client.start();
    await settle();
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'waiting', attempt: 1 });
    t.server.failToken = null;
    t.client.reconnectNow();
    await settle();
    t.server.source.emit('ready', t.server.session);
    expect(t.client.getSnapshot().connection.status).toBe('live');
  });

  it('reconnects after a server restart (not an error) and after an expired token (with a new one)', async () => {
    const t = setup();
    await live(t);
    t.server.source.emit('restart', { retryMs: 1000 });
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'waiting', attempt: 0 });
    expect(t.timers.delays).toContain(2000);
    t.timers.runAll();
    await settle();
    expect(t.server.sources).toHaveLength(2);
    expect(t.server.tokens).toBe(1);
    t.server.source.emit('ready', t.server.session);
    t.server.source.emit('expired', { reason: 'token_expired' });
    await settle();
    expect(t.server.tokens).toBe(2);
    expect(t.server.source.url).toContain('token=token-2');
  });

  it('closes when the chat ends or I leave; after a revocation it asks for a new token', async () => {
    const ended = setup();
    await live(ended);
    ended.server.source.emit('session', {
      ...ended.server.session,
      status: 'ended',
      endedAt: '2026-03-01T11:00:00.000Z',
    });
    ended.server.source.emit('ended', { status: 'ended' });
    expect(ended.client.getSnapshot()).toMatchObject({
      connection: { status: 'closed', reason: 'ended' },
      session: { status: 'ended' },
    });
    expect(ended.server.source.closed).toBe(true);

    const left = setup();
    await live(left);
    left.server.source.emit('ended', { status: 'open' });
    expect(left.client.getSnapshot().connection.reason).toBe('left');

    // Revoked (signed out in another tab or device): a new token while this session lasts, else closed.
    const revoked = setup();
    await live(revoked);
    revoked.server.source.emit('revoked', { reason: 'token_revoked' });
    await settle();
    expect(revoked.server.tokens).toBe(2);
    revoked.server.source.emit('ready', revoked.server.session);
    revoked.server.failToken = apiError(401, 'unauthenticated');
    revoked.server.source.emit('revoked', { reason: 'token_revoked' });
    await settle();
    expect(revoked.client.getSnapshot().connection.reason).toBe('unauthenticated');
    expect(revoked.onClosed).toHaveBeenCalledWith('unauthenticated');
    // Closed: later events and drops change nothing.
    revoked.server.source.fail();
    expect(revoked.client.getSnapshot().connection.status).toBe('closed');
  });

  it('sends with a client key; a failed send stays with retry; the retry uses the same key, so there is one message', async () => {
    const t = setup({ history: true });
    await live(t);
    t.server.failSend = networkError();
    const key = t.client.send('Are you there?');
    await settle();
    expect(t.client.getSnapshot().thread.outbox).toMatchObject([
      { key, status: 'failed', retryable: true, code: 'network_error' },
    ]);
    t.server.failSend = null;
    t.client.retry(key);
    expect(t.client.getSnapshot().thread.outbox[0]!.status).toBe('sending');
    await settle();
    // The stream carries my own message too: still one.
    t.server.source.emit('message', t.server.messages[0]!, '1');
    t.client.retry(key);
    await settle();
    expect(t.client.getSnapshot().thread.outbox).toEqual([]);
    expect(keys(t.client)).toEqual([key]);
    expect(t.server.messages).toHaveLength(1);
    expect(t.client.getSnapshot().thread.unread).toBe(0);
  });

  it('offline: closes the stream; a message written meanwhile is sent by itself once the connection is back', async () => {
    const t = setup({ history: true });
    await live(t);
    t.network.set(false);
    expect(t.client.getSnapshot().connection.status).toBe('offline');
    expect(t.server.source.closed).toBe(true);
    t.server.failSend = networkError();
    const key = t.client.send('Written offline');
    await settle();
    expect(t.client.getSnapshot().thread.outbox[0]).toMatchObject({ status: 'failed', retryable: true });
    t.server.failSend = null;
    t.network.set(true);
    await settle();
    t.server.source.emit('ready', t.server.session);
    await settle();
    expect(t.server.messages.map((m) => [m.chatMessageKey, m.messageBody])).toEqual([
      [key, 'Written offline'],
    ]);
    expect(t.client.getSnapshot().thread.outbox).toEqual([]);
    // A refusal (the chat ended) is not sent again by itself.
    t.server.failSend = apiError(409, 'chat_ended');
    const refused = t.client.send('Too late');
    await settle();
    expect(t.client.getSnapshot().thread.outbox).toMatchObject([
      { key: refused, status: 'failed', retryable: false, code: 'chat_ended' },
    ]);
    t.client.discard(refused);
    expect(t.client.getSnapshot().thread.outbox).toEqual([]);
  });

  it('sends a message that failed for the network again by itself, with back-off and the same key', async () => {
    const t = setup({ history: true });
    await live(t);
    t.timers.runAll();
    await settle();
    t.server.failSend = networkError();
    const key = t.client.send('Are you there?');
    await settle();
    expect(t.client.getSnapshot().thread.outbox[0]).toMatchObject({ key, status: 'failed', attempts: 1 });
    expect(t.timers.delays).toEqual([1500]);
    t.timers.runAll();
    await settle();
    expect(t.client.getSnapshot().thread.outbox[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(t.timers.delays).toEqual([3000]);
    t.server.failSend = null;
    t.timers.runAll();
    await settle();
    expect(t.client.getSnapshot().thread.outbox).toEqual([]);
    expect(t.server.messages.map((m) => m.chatMessageKey)).toEqual([key]);
    // Discarding a failed message stops its retries; so does stopping the client.
    t.server.failSend = networkError();
    const other = t.client.send('Never mind');
    await settle();
    t.client.discard(other);
    expect(t.timers.delays).toEqual([]);
  });

  it('connects even when the browser says it is offline (a hint, not proof)', async () => {
    const t = setup();
    t.network.set(false);
    t.client.start();
    await settle();
    t.server.source.emit('ready', t.server.session);
    expect(t.client.getSnapshot().connection.status).toBe('live');
  });

  it('edits my message with its key; a failed edit keeps the new text to retry', async () => {
    const t = setup({ history: true });
    await live(t);
    t.server.put(ME, 'mine', 'helo');
    t.server.put(THEM, 'theirs', 'hi');
    await t.client.loadNewest();
    t.client.edit('theirs', 'not mine');
    expect(t.client.getSnapshot().thread.edits).toEqual({});
    t.client.edit('mine', 'helo');
    expect(t.client.getSnapshot().thread.edits).toEqual({});
    t.server.failSend = networkError();
    t.client.edit('mine', 'hello');
    await settle();
    expect(t.client.getSnapshot().thread.edits.mine).toMatchObject({ body: 'hello', status: 'failed' });
    t.server.failSend = null;
    t.client.edit('mine', 'hello');
    await settle();
    expect(t.client.getSnapshot().thread.edits).toEqual({});
    expect(t.client.getSnapshot().thread.messages.find((m) => m.chatMessageKey === 'mine')).toMatchObject({
      messageBody: 'hello',
      editedAt: expect.any(String),
    });
    t.client.edit('mine', 'again');
    t.client.dropEdit('mine');
    expect(t.client.getSnapshot().thread.edits).toEqual({});
  });

  it('marks read once at a time, only when something is unseen; the count follows the server', async () => {
    const t = setup({ history: true });
    await live(t);
    t.timers.runAll();
    await settle();
    const markRead = vi.spyOn(t.server, 'tick');
    await t.client.markRead();
    expect(markRead).not.toHaveBeenCalled();
    t.server.deliver(THEM, 't1', 'one');
    t.server.deliver(THEM, 't2', 'two');
    expect(t.client.getSnapshot().thread.unread).toBe(2);
    expect(t.timers.delays).toEqual([UNREAD_REFRESH_MS]);
    const first = t.client.markRead();
    const second = t.client.markRead();
    expect(second).toBe(first);
    await first;
    expect(t.client.getSnapshot().thread.unread).toBe(0);
    expect(t.client.getSnapshot().thread.reads[ME]).toBe(t.server.reads[ME]);
    // The count asked before my read answers after it: out of date, ignored.
    t.timers.runAll();
    await settle();
    expect(t.client.getSnapshot().thread.unread).toBe(0);
    // More messages at once: one more mark, when the interval is over.
    t.server.deliver(THEM, 't3', 'three');
    await t.client.markRead();
    t.server.deliver(THEM, 't4', 'four');
    await t.client.markRead();
    expect(t.timers.delays.filter((d) => d > UNREAD_REFRESH_MS && d <= MARK_READ_INTERVAL_MS)).toHaveLength(
      1,
    );
    t.timers.runAll();
    await settle();
    expect(t.client.getSnapshot().thread.unread).toBe(0);
    expect(Date.parse(t.server.reads[ME]!)).toBeGreaterThan(Date.parse(t.server.messages.at(-1)!.sentAt));
  });

  it('takes read receipts and my reads on other devices from the stream', async () => {
    const t = setup({ history: true });
    await live(t);
    t.server.deliver(THEM, 't1', 'one');
    t.server.source.emit('read', {
      chatSessionId: 'chat-1',
      userId: THEM,
      readAt: '2026-03-01T10:05:00.000Z',
    });
    t.server.source.emit('read', { chatSessionId: 'chat-1', userId: ME, readAt: '2026-03-01T10:05:00.000Z' });
    expect(t.client.getSnapshot().thread).toMatchObject({
      unread: 0,
      reads: { [THEM]: '2026-03-01T10:05:00.000Z', [ME]: '2026-03-01T10:05:00.000Z' },
    });
  });

  it('loads the history again when it failed, once live; stop disconnects for good', async () => {
    const t = setup();
    t.server.failPage = networkError();
    void t.client.loadNewest();
    await live(t);
    expect(t.client.getSnapshot().thread.history.loaded).toBe(false);
    t.server.failPage = null;
    t.server.source.fail();
    t.timers.runAll();
    await settle();
    t.server.source.emit('ready', t.server.session);
    await settle();
    expect(t.client.getSnapshot().thread.history).toMatchObject({ loaded: true, failed: false });
    t.client.stop();
    expect(t.client.getSnapshot().connection).toMatchObject({ status: 'closed', reason: 'stopped' });
    t.network.set(false);
    t.network.set(true);
    expect(t.client.getSnapshot().connection.status).toBe('closed');
  });

  it('replaces a token that is about to expire before opening a stream with it', async () => {
    const server = new FakeChatServer();
    const ports = server.ports(ME, { timers: new ManualTimers(), network: new FakeNetwork() });
    let n = 0;
    const token = ports.token;
    ports.token = async () => ({
      ...(await token()),
      expiresAt: new Date(Date.now() + (n++ === 0 ? 1000 : 3_600_000)).toISOString(),
    });
    const client = new ChatClient(ports);
    client.start();
    await settle();
    await settle();
    expect(server.tokens).toBe(2);
    expect(server.sources).toHaveLength(1);
    expect(server.source.url).toContain('token=token-2');
  });
});
