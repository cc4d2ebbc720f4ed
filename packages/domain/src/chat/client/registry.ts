/**
 * One chat client per chat session and person in the page, shared by whoever shows it (the navigation's
 * unread badge and the conversation use the same connection). A client no one uses is stopped after a short
 * grace, so moving between pages does not reconnect.
 */
import type { ChatClient } from './ChatClient.ts';

interface Entry {
  client: ChatClient;
  refs: number;
  stopTimer: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();

/** How long an unused client stays connected (a page change releases and acquires within this). */
export const RELEASE_GRACE_MS = 3000;

export interface ChatLease {
  client: ChatClient;
  release(): void;
}

/** The client of `id` (made by `create` and started when new); release it when done. */
export function acquireChatClient(id: string, create: () => ChatClient): ChatLease {
  let entry = entries.get(id);
  if (!entry) {
    entry = { client: create(), refs: 0, stopTimer: null };
    entries.set(id, entry);
  }
  const current = entry;
  if (current.stopTimer) clearTimeout(current.stopTimer);
  current.stopTimer = null;
  current.refs++;
  current.client.start();
  let released = false;
  return {
    client: current.client,
    release() {
      if (released) return;
      released = true;
      current.refs--;
      if (current.refs > 0) return;
      current.stopTimer = setTimeout(() => {
        if (current.refs > 0 || entries.get(id) !== current) return;
        entries.delete(id);
        current.client.stop();
      }, RELEASE_GRACE_MS);
    },
  };
}

/** Stops and forgets every client (sign-out). */
export function stopChatClients(): void {
  for (const entry of entries.values()) {
    if (entry.stopTimer) clearTimeout(entry.stopTimer);
    entry.client.stop();
  }
  entries.clear();
}
