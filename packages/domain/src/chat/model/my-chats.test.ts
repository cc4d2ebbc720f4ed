import { describe, expect, it } from 'vitest';
import type { ChatOverview, ChatSession } from '@tend/api/model';
import {
  chatsOf,
  unreadOf,
  withNewChat,
  withoutChat,
  withoutPatient,
  withSession,
  withUnread,
  type MyChatPages,
} from './my-chats.ts';

const session = (id: string, extra: Partial<ChatSession> = {}): ChatSession => ({
  chatSessionId: id,
  patientId: `p-${id}`,
  patientName: `Patient ${id}`,
  status: 'open',
  chatTransport: 'stream',
  emergency: false,
  participants: [{ userId: 'me', name: 'Me', role: 'lead', leftAt: null }],
  startedAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});
const chat = (id: string, unreadCount = 0): ChatOverview => ({
  session: session(id),
  unreadCount,
  lastMessage: null,
});
/** Two pages: c1 (2 unread), c2 | c3 (4 unread); 9 unread in all (chats not loaded hold 3). */
const pages = (): MyChatPages => ({
  pages: [
    { items: [chat('c1', 2), chat('c2')], paginationCursor: 'next', unreadTotal: 9 },
    { items: [chat('c3', 4)], paginationCursor: 'more', unreadTotal: 9 },
  ],
  pageParams: [undefined, 'next'],
});
const ids = (data: MyChatPages | undefined) => chatsOf(data).map((c) => c.session.chatSessionId);

describe('my chats in pages', () => {
  it('lists every loaded chat once in order; unread is the server’s total, else the loaded sum', () => {
    const data = pages();
    data.pages[1]!.items.push(chat('c1', 2)); // moved between two reads
    expect(ids(data)).toEqual(['c1', 'c2', 'c3']);
    expect(unreadOf(data)).toBe(9);
    const older: MyChatPages = {
      pages: [{ items: [chat('c1', 2), chat('c3', 4)] }],
      pageParams: [undefined],
    };
    expect(unreadOf(older)).toBe(6);
    expect(unreadOf(undefined)).toBe(0);
  });

  it('a chat’s unread count changes on its page and moves the total on every page', () => {
    const data = withUnread(pages(), 'c3', 1)!;
    expect(data.pages[1]!.items[0]!.unreadCount).toBe(1);
    expect(data.pages.map((p) => p.unreadTotal)).toEqual([6, 6]);
    expect(data.pages.map((p) => p.paginationCursor)).toEqual(['next', 'more']);
    expect(data.pageParams).toEqual([undefined, 'next']);
    // Unchanged: the same object (no re-render).
    const same = pages();
    expect(withUnread(same, 'c1', 2)).toBe(same);
    expect(withUnread(same, 'elsewhere', 5)).toBe(same);
  });

  it('a chat leaving (ended, left, handed over, closed) takes its unread count out of the total', () => {
    expect(withoutChat(pages(), 'c1')!.pages.map((p) => p.unreadTotal)).toEqual([7, 7]);
    expect(ids(withoutChat(pages(), 'c1'))).toEqual(['c2', 'c3']);
    expect(ids(withoutPatient(pages(), 'p-c3'))).toEqual(['c1', 'c2']);
    expect(withoutPatient(pages(), 'p-c3')!.pages[0]!.unreadTotal).toBe(5);
    expect(ids(withSession(pages(), session('c3', { status: 'ended' }), 'me'))).toEqual(['c1', 'c2']);
    const left = session('c1', {
      participants: [
        {
          userId: 'me',
          name: 'Me',
          role: 'lead',
          leftAt: '2026-03-01T11:00:00.000Z',
        },
      ],
    });
    const after = withSession(pages(), left, 'me')!;
    expect(ids(after)).toEqual(['c2', 'c3']);
    expect(after.pages[1]!.unreadTotal).toBe(7);
    expect(withoutChat(undefined, 'c1')).toBeUndefined();
  });

  it('a session change is written in place; a new chat goes to the top of the first page once', () => {
    const renamed = withSession(pages(), session('c3', { patientName: 'Renamed' }), 'me')!;
    expect(renamed.pages[1]!.items[0]!.session.patientName).toBe('Renamed');
    expect(renamed.pages[0]!.unreadTotal).toBe(9);
    const added = withNewChat(pages(), session('c9'))!;
    expect(ids(added)).toEqual(['c9', 'c1', 'c2', 'c3']);
    expect(added.pages[0]!.paginationCursor).toBe('next');
    expect(withNewChat(added, session('c9'))).toBe(added);
    expect(withNewChat(pages(), session('c3'))!.pages[0]!.items).toHaveLength(2);
    expect(withNewChat(undefined, session('c9'))).toBeUndefined();
  });
});
