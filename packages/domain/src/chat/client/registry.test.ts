import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatClient } from './ChatClient.ts';
import { RELEASE_GRACE_MS, acquireChatClient, stopChatClients } from './registry.ts';
import { FakeChatServer, FakeNetwork, ManualTimers } from './testing.ts';

afterEach(() => {
  stopChatClients();
  vi.useRealTimers();
});

const make = (server: FakeChatServer) => () =>
  new ChatClient(server.ports('patient-1', { timers: new ManualTimers(), network: new FakeNetwork() }));

describe('the chat clients of the page', () => {
  it('shares one client per id, keeps it through a quick release and acquire, and stops it when no one uses it', () => {
    vi.useFakeTimers();
    const server = new FakeChatServer();
    const create = vi.fn(make(server));
    const badge = acquireChatClient('patient:chat-1', create);
    const page = acquireChatClient('patient:chat-1', create);
    expect(page.client).toBe(badge.client);
    expect(create).toHaveBeenCalledTimes(1);
    page.release();
    page.release();
    badge.release();
    vi.advanceTimersByTime(RELEASE_GRACE_MS / 2);
    const again = acquireChatClient('patient:chat-1', create);
    expect(again.client).toBe(badge.client);
    expect(again.client.getSnapshot().connection.status).not.toBe('closed');
    again.release();
    vi.advanceTimersByTime(RELEASE_GRACE_MS);
    expect(badge.client.getSnapshot().connection).toMatchObject({ status: 'closed', reason: 'stopped' });
    const fresh = acquireChatClient('patient:chat-1', create);
    expect(fresh.client).not.toBe(badge.client);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('stops every client at sign-out', () => {
    const server = new FakeChatServer();
    const lease = acquireChatClient('therapist:chat-1', make(server));
    stopChatClients();
    expect(lease.client.getSnapshot().connection.reason).toBe('stopped');
  });
});
