import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type TestApp } from '../../../../test/helpers.ts';
import { createLargePartApp } from '../../../../test/large-seed.ts';
import part, { BENCH_CHAT } from './60-chat.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createLargePartApp(part, {
    bench: { uid: BENCH_CHAT.patientId, email: BENCH_CHAT.email, scopes: ['patient'], roles: ['patient'] },
  });
});
afterAll(async () => t?.close());

describe('the chat benchmark’s data', () => {
  it('is one open chat of 5,000 messages of the bench patient and the demo therapist, all read, paged newest first', async () => {
    const count = await t.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', BENCH_CHAT.sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(BENCH_CHAT.messages);
    const headers = { 'x-test-user': 'bench' };
    const state = await callContract(t.app, 'getMyChatState', {
      method: 'GET',
      url: '/patient/chat/exists',
      headers,
    });
    expect(state.body).toMatchObject({ status: 'open', chatSessionId: BENCH_CHAT.sessionId });
    const page = await callContract(t.app, 'listChatMessages', {
      method: 'GET',
      url: `/chats/${BENCH_CHAT.sessionId}/messages?limit=50`,
      headers,
    });
    expect(page.body.items).toHaveLength(50);
    expect(page.body.items.at(-1).chatMessageKey).toBe(`bench-${BENCH_CHAT.messages - 1}`);
    expect(page.body.paginationCursor).not.toBeNull();
    const unread = await callContract(t.app, 'getUnreadMessageCounts', {
      method: 'GET',
      url: `/chats/unread-messages?channelIds=${BENCH_CHAT.sessionId}`,
      headers,
    });
    expect(unread.body.counts[BENCH_CHAT.sessionId]).toBe(0);
  });
});
