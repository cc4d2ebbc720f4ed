import { describe, expect, it } from 'vitest';
import { largePartApp } from '../../../../test/large-seed.ts';
import part, { BENCH_CHAT } from './60-chat.ts';

const { t, op } = largePartApp(part, {
  bench: { uid: BENCH_CHAT.patientId, email: BENCH_CHAT.email, scopes: ['patient'], roles: ['patient'] },
});

describe('the chat benchmark’s data', () => {
  it('is one open chat of 5,000 messages of the bench patient and the demo therapist, all read, paged newest first', async () => {
    const count = await t.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', BENCH_CHAT.sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(BENCH_CHAT.messages);
    const state = await op('bench', 'getMyChatState');
    expect(state.body).toMatchObject({ status: 'open', chatSessionId: BENCH_CHAT.sessionId });
    const page = await op('bench', 'listChatMessages', {
      params: { chatSessionId: BENCH_CHAT.sessionId },
      query: { limit: '50' },
    });
    expect(page.body.items).toHaveLength(50);
    expect(page.body.items.at(-1).chatMessageKey).toBe(`bench-${BENCH_CHAT.messages - 1}`);
    expect(page.body.paginationCursor).not.toBeNull();
    const unread = await op('bench', 'getUnreadMessageCounts', {
      query: { channelIds: BENCH_CHAT.sessionId },
    });
    expect(unread.body.counts[BENCH_CHAT.sessionId]).toBe(0);
  });
});
