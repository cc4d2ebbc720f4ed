import type { ChatMessage } from '@tend/api/model';
import { describe, expect, it } from 'vitest';
import { readBySomeone, readReceipts } from './receipts.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const msg = (key: string, s: number, sender: string): ChatMessage => ({
  chatMessageKey: key,
  chatSessionId: 'c1',
  senderId: sender,
  senderName: sender,
  messageBody: key,
  sentAt: iso(s),
});
const people = [
  { userId: 'me', name: 'Sam Taylor' },
  { userId: 'alex', name: 'Alex Morgan' },
  { userId: 'priya', name: 'Priya Shah' },
];

describe('read receipts', () => {
  const messages = [msg('m1', 1, 'me'), msg('t1', 2, 'alex'), msg('m2', 3, 'me'), msg('m3', 5, 'me')];

  it('puts each reader once, under the newest of my messages they have read', () => {
    const receipts = readReceipts(messages, 'me', people, { alex: iso(4), priya: iso(9), me: iso(9) });
    expect(Object.fromEntries([...receipts].map(([k, r]) => [k, r.map((x) => x.name)]))).toEqual({
      m2: ['Alex Morgan'],
      m3: ['Priya Shah'],
    });
  });

  it('shows nothing before anyone read, for readers who read before my first message, or without messages of mine', () => {
    expect(readReceipts(messages, 'me', people, {}).size).toBe(0);
    expect(readReceipts(messages, 'me', people, { alex: iso(0) }).size).toBe(0);
    expect(readReceipts([msg('t1', 2, 'alex')], 'me', people, { alex: iso(9) }).size).toBe(0);
    // My own read instant is never a receipt.
    expect(readReceipts(messages, 'me', people, { me: iso(9) }).size).toBe(0);
  });

  it('says whether someone else has read a message of mine', () => {
    expect(readBySomeone(messages[2]!, 'me', { me: iso(9) })).toBe(false);
    expect(readBySomeone(messages[2]!, 'me', { alex: iso(3) })).toBe(true);
    expect(readBySomeone(messages[2]!, 'me', { alex: iso(2) })).toBe(false);
  });
});
