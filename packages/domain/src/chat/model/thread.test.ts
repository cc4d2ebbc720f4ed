import type { ChatMessage, ChatSession } from '@tend/api/model';
import { describe, expect, it } from 'vitest';
import {
  emptyThread,
  hasUnseen,
  mergeMessages,
  retryableEdits,
  retryableSends,
  threadItems,
  threadReducer,
  type ThreadAction,
  type ThreadState,
} from './thread.ts';

const ME = 'patient-1';
const THEM = 'therapist-1';
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

function msg(
  key: string,
  s: number,
  sender = THEM,
  body = `body ${key}`,
  editedAt: string | null = null,
): ChatMessage {
  return {
    chatMessageKey: key,
    chatSessionId: 'c1',
    senderId: sender,
    senderName: sender === ME ? 'Sam Taylor' : 'Alex Morgan',
    messageBody: body,
    sentAt: iso(s),
    editedAt,
  };
}

const run = (actions: ThreadAction[], from: ThreadState = emptyThread) => actions.reduce(threadReducer, from);
const keys = (s: ThreadState) => s.messages.map((m) => m.chatMessageKey);

describe('merging messages', () => {
  it('keeps one message per key, in the order they were sent (ties by key), the later version of each', () => {
    const merged = mergeMessages(
      [msg('b', 2), msg('a', 1)],
      [msg('c', 2), msg('a', 1, THEM, 'edited', iso(5)), msg('d', 0)],
    );
    expect(merged.map((m) => m.chatMessageKey)).toEqual(['d', 'a', 'b', 'c']);
    expect(merged[1]!.messageBody).toBe('edited');
    // An older version never replaces a newer one.
    const again = mergeMessages(merged, [msg('a', 1, THEM, 'stale')]);
    expect(again[1]!.messageBody).toBe('edited');
    expect(mergeMessages(merged, [])).toBe(merged);
  });
});

describe('the thread reducer', () => {
  it('loads the newest page, then older pages, following the cursor to the first message', () => {
    let s = threadReducer(emptyThread, { type: 'pageRequested' });
    expect(s.history).toMatchObject({ loading: true, loaded: false });
    s = threadReducer(s, {
      type: 'pageLoaded',
      items: [msg('c', 3), msg('d', 4)],
      cursor: 'cur-1',
      newest: true,
    });
    expect(keys(s)).toEqual(['c', 'd']);
    expect(s.history).toEqual({ cursor: 'cur-1', loaded: true, loading: false, failed: false });
    s = run([{ type: 'pageRequested' }, { type: 'pageFailed' }], s);
    expect(s.history).toMatchObject({ cursor: 'cur-1', loading: false, failed: true });
    s = run(
      [
        { type: 'pageRequested' },
        { type: 'pageLoaded', items: [msg('a', 1), msg('b', 2)], cursor: null, newest: false },
      ],
      s,
    );
    expect(keys(s)).toEqual(['a', 'b', 'c', 'd']);
    expect(s.history.cursor).toBeNull();
    // Reloading the newest page (after a reconnection) keeps how far back the history goes.
    s = threadReducer(s, {
      type: 'pageLoaded',
      items: [msg('d', 4), msg('e', 5)],
      cursor: 'cur-x',
      newest: true,
    });
    expect(keys(s)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(s.history.cursor).toBeNull();
  });

  it('adds a message from the stream once, counts it unread and announces it; a replay changes nothing', () => {
    let s = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('a', 1)],
      cursor: null,
      newest: true,
    });
    s = threadReducer(s, { type: 'received', message: msg('b', 2), selfId: ME });
    expect(keys(s)).toEqual(['a', 'b']);
    expect(s.unread).toBe(1);
    expect(s.incoming?.chatMessageKey).toBe('b');
    expect(s.incomingSeq).toBe(1);
    const replayed = threadReducer(s, { type: 'received', message: msg('b', 2), selfId: ME });
    expect(replayed).toBe(s);
    const alsoInPage = threadReducer(s, {
      type: 'pageLoaded',
      items: [msg('a', 1), msg('b', 2)],
      cursor: null,
      newest: true,
    });
    expect(keys(alsoInPage)).toEqual(['a', 'b']);
  });

  it('neither counts nor announces my own messages (from another device of mine too)', () => {
    const s = threadReducer(emptyThread, { type: 'received', message: msg('m', 1, ME), selfId: ME });
    expect(keys(s)).toEqual(['m']);
    expect(s.unread).toBe(0);
    expect(s.incoming).toBeNull();
  });

  it('leaves a streamed message older than the loaded history to its page', () => {
    const loaded = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('c', 3)],
      cursor: 'older',
      newest: true,
    });
    const old = threadReducer(loaded, { type: 'edited', message: msg('a', 1, THEM, 'edited', iso(9)) });
    expect(keys(old)).toEqual(['c']);
    // Once the whole history is here, everything belongs.
    const whole = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('c', 3)],
      cursor: null,
      newest: true,
    });
    expect(keys(threadReducer(whole, { type: 'received', message: msg('a', 1), selfId: ME }))).toEqual([
      'a',
      'c',
    ]);
  });

  it('sends through the outbox: sending, confirmed by the answer or by the stream (whichever comes first), never twice', () => {
    let s = threadReducer(emptyThread, { type: 'queued', key: 'k1', body: 'hello', at: 1 });
    expect(s.outbox).toEqual([
      { key: 'k1', body: 'hello', queuedAt: 1, status: 'sending', retryable: false, attempts: 1 },
    ]);
    expect(threadReducer(s, { type: 'queued', key: 'k1', body: 'hello', at: 2 })).toBe(s);
    // The stream brings it before the PUT answers.
    s = threadReducer(s, { type: 'received', message: msg('k1', 1, ME, 'hello'), selfId: ME });
    expect(s.outbox).toEqual([]);
    expect(keys(s)).toEqual(['k1']);
    s = threadReducer(s, { type: 'sent', message: msg('k1', 1, ME, 'hello') });
    expect(keys(s)).toEqual(['k1']);
    expect(threadReducer(s, { type: 'queued', key: 'k1', body: 'again', at: 3 })).toBe(s);
  });

  it('keeps a failed message with its key; a retry sends the same key again; discard removes only failed ones', () => {
    let s = run([
      { type: 'queued', key: 'k1', body: 'one', at: 1 },
      { type: 'queued', key: 'k2', body: 'two', at: 2 },
      { type: 'sendFailed', key: 'k1', retryable: true, code: 'network_error' },
      { type: 'sendFailed', key: 'k2', retryable: false, code: 'chat_ended' },
    ]);
    expect(s.outbox.map((o) => [o.key, o.status, o.retryable, o.code])).toEqual([
      ['k1', 'failed', true, 'network_error'],
      ['k2', 'failed', false, 'chat_ended'],
    ]);
    expect(retryableSends(s).map((o) => o.key)).toEqual(['k1']);
    s = threadReducer(s, { type: 'retrying', key: 'k1' });
    expect(s.outbox[0]).toMatchObject({ key: 'k1', status: 'sending', attempts: 2, code: undefined });
    // A message being sent cannot be discarded; a failed one can.
    expect(threadReducer(s, { type: 'discarded', key: 'k1' }).outbox).toHaveLength(2);
    s = threadReducer(s, { type: 'discarded', key: 'k2' });
    expect(s.outbox.map((o) => o.key)).toEqual(['k1']);
    s = threadReducer(s, { type: 'sent', message: msg('k1', 3, ME, 'one') });
    expect(s.outbox).toEqual([]);
  });

  it('edits my message: pending until saved (by the answer or the stream), kept with its text when it fails', () => {
    let s = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('m', 1, ME, 'helo')],
      cursor: null,
      newest: true,
    });
    expect(threadReducer(s, { type: 'editQueued', key: 'unknown', body: 'x' })).toBe(s);
    s = threadReducer(s, { type: 'editQueued', key: 'm', body: 'hello' });
    expect(s.edits.m).toEqual({ body: 'hello', status: 'sending', retryable: false });
    s = threadReducer(s, { type: 'editFailed', key: 'm', retryable: true, code: 'network_error' });
    expect(s.edits.m).toMatchObject({ body: 'hello', status: 'failed', retryable: true });
    expect(retryableEdits(s)).toEqual([['m', s.edits.m]]);
    expect(threadReducer(s, { type: 'editFailed', key: 'other', retryable: true })).toBe(s);
    s = threadReducer(s, { type: 'editQueued', key: 'm', body: 'hello' });
    // The stream's message-edited arrives first: the edit is done.
    s = threadReducer(s, { type: 'edited', message: msg('m', 1, ME, 'hello', iso(10)) });
    expect(s.edits).toEqual({});
    expect(s.messages[0]!.messageBody).toBe('hello');
    s = threadReducer(s, { type: 'editSaved', message: msg('m', 1, ME, 'hello', iso(10)) });
    expect(s.messages[0]!.editedAt).toBe(iso(10));
    // Cancelling a failed edit.
    s = run(
      [
        { type: 'editQueued', key: 'm', body: 'x' },
        { type: 'editFailed', key: 'm', retryable: false },
        { type: 'editDropped', key: 'm' },
      ],
      s,
    );
    expect(s.edits).toEqual({});
    expect(threadReducer(s, { type: 'editDropped', key: 'm' })).toBe(s);
  });

  it('applies an edit from the other side in place', () => {
    let s = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('a', 1), msg('b', 2)],
      cursor: null,
      newest: true,
    });
    s = threadReducer(s, { type: 'edited', message: msg('a', 1, THEM, 'changed', iso(30)) });
    expect(s.messages.map((m) => m.messageBody)).toEqual(['changed', 'body b']);
    expect(s.unread).toBe(0);
    // An older copy (a replay) does not undo it.
    expect(threadReducer(s, { type: 'edited', message: msg('a', 1) })).toBe(s);
  });

  it('keeps the latest read instant per participant from read events and sessions; my read clears my unread', () => {
    let s = run([
      { type: 'pageLoaded', items: [msg('a', 1), msg('b', 2, ME), msg('c', 3)], cursor: null, newest: true },
      { type: 'unreadCounted', count: 2 },
    ]);
    expect(s.unread).toBe(2);
    expect(hasUnseen(s, ME)).toBe(true);
    s = threadReducer(s, { type: 'read', userId: THEM, readAt: iso(2), selfId: ME });
    expect(s.reads).toEqual({ [THEM]: iso(2) });
    expect(s.unread).toBe(2);
    // An older read instant never moves a receipt back.
    expect(threadReducer(s, { type: 'read', userId: THEM, readAt: iso(1), selfId: ME })).toBe(s);
    s = threadReducer(s, { type: 'read', userId: ME, readAt: iso(3), selfId: ME });
    expect(s.unread).toBe(0);
    expect(hasUnseen(s, ME)).toBe(false);
    const session = {
      chatSessionId: 'c1',
      patientId: ME,
      status: 'open',
      chatTransport: 'stream',
      emergency: false,
      startedAt: iso(0),
      participants: [
        { userId: ME, name: 'Sam Taylor', role: 'patient', lastReadAt: iso(1) },
        { userId: THEM, name: 'Alex Morgan', role: 'lead', lastReadAt: iso(9) },
        { userId: 'therapist-2', name: 'Priya Shah', role: 'invited', lastReadAt: null },
      ],
    } satisfies ChatSession;
    s = threadReducer(s, { type: 'session', session, selfId: ME });
    expect(s.reads).toEqual({ [ME]: iso(3), [THEM]: iso(9) });
    expect(threadReducer(s, { type: 'session', session, selfId: ME })).toBe(s);
  });

  it('counts what is left unread after a read on another device (messages after that read instant)', () => {
    let s = run([
      {
        type: 'pageLoaded',
        items: [msg('a', 1), msg('b', 2), msg('c', 3, ME), msg('d', 4)],
        cursor: null,
        newest: true,
      },
      { type: 'unreadCounted', count: 3 },
      { type: 'read', userId: ME, readAt: iso(2), selfId: ME },
    ]);
    expect(s.unread).toBe(1);
    s = threadReducer(s, { type: 'unreadCounted', count: -4 });
    expect(s.unread).toBe(0);
    expect(threadReducer(s, { type: 'unreadCounted', count: 0 })).toBe(s);
  });

  it('knows when there is nothing to mark read', () => {
    expect(hasUnseen(emptyThread, ME)).toBe(false);
    const mineOnly = threadReducer(emptyThread, { type: 'received', message: msg('a', 1, ME), selfId: ME });
    expect(hasUnseen(mineOnly, ME)).toBe(false);
    const theirs = threadReducer(emptyThread, {
      type: 'pageLoaded',
      items: [msg('a', 1)],
      cursor: null,
      newest: true,
    });
    expect(hasUnseen(theirs, ME)).toBe(true);
  });

  it('lists the rows: confirmed messages in order (mine marked, with their pending edit), then the outbox in writing order', () => {
    const s = run([
      { type: 'pageLoaded', items: [msg('a', 1), msg('b', 2, ME)], cursor: null, newest: true },
      { type: 'editQueued', key: 'b', body: 'b2' },
      { type: 'queued', key: 'z', body: 'first', at: 5 },
      { type: 'queued', key: 'y', body: 'second', at: 6 },
    ]);
    const items = threadItems(s, ME);
    expect(items.map((i) => [i.kind, i.key, i.own])).toEqual([
      ['message', 'a', false],
      ['message', 'b', true],
      ['outbox', 'z', true],
      ['outbox', 'y', true],
    ]);
    expect(items[1]).toMatchObject({ edit: { body: 'b2', status: 'sending' } });
  });
});
