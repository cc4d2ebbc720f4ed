import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { as, chatTestApp, openChat } from '../chats/test-support.ts';

const chat = chatTestApp();
const { op } = chat;
let t: TestApp;
beforeAll(() => ({ t } = chat));

const accept = (user: string, requestId: string) => op(user, 'acceptChatRequest', { params: { requestId } });
const historyOf = (user: string, userId: string) =>
  op(user, 'getChatHistoryByUserId', { payload: { userId } });

describe('therapist chat requests', () => {
  it('lists the care team’s requests, emergency first then oldest first, filtered by transport', async () => {
    // patient-01 (team: therapist-1 lead, therapist-2 invited), patient-03 (therapist-1), patient-02 (therapist-2).
    const a = await op('patient', 'requestChat', { payload: { message: 'first' } });
    await new Promise((r) => setTimeout(r, 5));
    const b = await op('patient2', 'requestChat', {
      query: { chatTransport: 'stream' },
      payload: { message: 'second' },
    });
    await new Promise((r) => setTimeout(r, 5));
    const c = await t.app.inject(as('therapist2', { method: 'GET', url: '/therapist/chat-requests' }));
    expect(c.json().items.map((i: { requestId: string }) => i.requestId)).toEqual([a.body.requestId]);

    let list = await op('therapist', 'listChatRequests');
    expect(list.body.items.map((i: { requestId: string }) => i.requestId)).toEqual([
      a.body.requestId,
      b.body.requestId,
    ]);
    // The later emergency request jumps the queue.
    await op('patient2', 'requestEmergencyChat', { payload: { message: 'urgent' } });
    list = await op('therapist', 'listChatRequests', { query: { chatTransport: 'stream' } });
    expect(
      list.body.items.map((i: { requestId: string; emergency: boolean }) => [i.requestId, i.emergency]),
    ).toEqual([
      [b.body.requestId, true],
      [a.body.requestId, false],
    ]);
    expect(list.body.items[0]).toMatchObject({
      patientId: 'patient-03',
      patientName: 'Maya Patel',
      message: 'second',
      chatTransport: 'stream',
    });
    // The poll listing holds no stream requests.
    const poll = await op('therapist', 'listChatRequests', { query: { chatTransport: 'poll' } });
    expect(poll.body.items).toEqual([]);
    // Outside the care team: nothing.
    const outsider = await op('outsider', 'listChatRequests');
    expect(outsider.body.items).toEqual([]);
    expect(await op.status('therapist', 'listChatRequests', { query: { chatTransport: 'fax' } })).toBe(400);
    expect(await op.status('patient', 'listChatRequests')).toBe(403);

    // Accept: only the care team (outsider 404), once (409 already_accepted for another therapist).
    expect((await accept('outsider', a.body.requestId)).res.statusCode).toBe(404);
    expect((await accept('therapist', 'r'.repeat(65))).res.statusCode).toBe(400);
    expect((await accept('patient', a.body.requestId)).res.statusCode).toBe(403);
    expect((await accept('therapist', 'nope')).res.statusCode).toBe(404);
    const accepted = await accept('therapist', a.body.requestId);
    expect(accepted.res.statusCode).toBe(200);
    expect(accepted.body).toMatchObject({
      chatSessionId: a.body.requestId,
      patientId: 'patient-01',
      status: 'open',
      chatTransport: 'stream',
      emergency: false,
    });
    expect(
      accepted.body.participants.map((p: { userId: string; role: string }) => [p.userId, p.role]),
    ).toEqual([
      ['patient-01', 'patient'],
      ['therapist-1', 'lead'],
    ]);
    expect((await accept('therapist', a.body.requestId)).res.statusCode).toBe(200);
    const late = await accept('therapist2', a.body.requestId);
    expect(late.res.statusCode).toBe(409);
    expect(late.body.code).toBe('already_accepted');
    const state = await op('patient', 'getMyChatState');
    expect(state.body).toMatchObject({ exists: true, status: 'open', chatSessionId: a.body.requestId });
    list = await op('therapist', 'listChatRequests');
    expect(list.body.items.map((i: { requestId: string }) => i.requestId)).toEqual([b.body.requestId]);

    // Withdrawn requests cannot be accepted.
    await op('patient2', 'endMyChat');
    const closed = await accept('therapist', b.body.requestId);
    expect(closed.res.statusCode).toBe(409);
    expect(closed.body.code).toBe('request_closed');
    await op('patient', 'endMyChat');
  });
});

describe('therapist chats and histories', () => {
  it('lists open chats (v1 paged with the transport flag, v2 with unread counts and last message)', async () => {
    const s1 = await openChat(t.app, 'patient', 'therapist');
    const pollReq = await op('patient2', 'requestChat', {
      query: { chatTransport: 'poll' },
      payload: { message: 'by poll' },
    });
    await accept('therapist', pollReq.body.requestId);
    const s2 = pollReq.body.requestId as string;
    await op('patient', 'editChatMessage', {
      params: { chatSessionId: s1, chatMessageKey: 'k-1' },
      payload: { messageBody: 'newest activity' },
    });

    const v1 = await op('therapist', 'listTherapistChats');
    expect(v1.body).toMatchObject({ skip: 0, limit: 20, total: 1 });
    expect(v1.body.items.map((s: { chatSessionId: string }) => s.chatSessionId)).toEqual([s1]);
    const v1poll = await op('therapist', 'listTherapistChats', {
      query: { chatTransport: 'poll', skip: '0', limit: '1' },
    });
    expect(v1poll.body).toMatchObject({ skip: 0, limit: 1, total: 1 });
    expect(v1poll.body.items[0].chatSessionId).toBe(s2);
    const page2 = await op('therapist', 'listTherapistChats', {
      query: { chatTransport: 'poll', skip: '1', limit: '1' },
    });
    expect(page2.body.items).toEqual([]);
    expect(await op.status('therapist', 'listTherapistChats', { query: { limit: '0' } })).toBe(400);
    expect(await op.status('therapist', 'listTherapistChats', { query: { skip: '-1' } })).toBe(400);
    expect(await op.status('patient', 'listTherapistChats')).toBe(403);
    const others = await op('therapist2', 'listTherapistChats');
    expect(others.body.total).toBe(0);

    const v2 = await op('therapist', 'listTherapistChatsV2');
    expect(v2.body.items.map((i: { session: { chatSessionId: string } }) => i.session.chatSessionId)).toEqual(
      [s1, s2],
    );
    expect(v2.body.items[0].unreadCount).toBe(2);
    expect(v2.body.items[0].lastMessage).toMatchObject({
      chatMessageKey: 'k-1',
      messageBody: 'newest activity',
      senderId: 'patient-01',
      senderName: 'Sam Taylor',
    });
    const empty = await op('outsider', 'listTherapistChatsV2');
    expect(empty.body.items).toEqual([]);
    expect(await op.status('patient', 'listTherapistChatsV2')).toBe(403);

    // History: ended sessions the therapist took part in; by user id for the care team only.
    await op('patient2', 'endMyChat');
    const history = await op('therapist', 'getTherapistChatHistory', { query: { limit: '5' } });
    // Newest first: this test's poll chat, then the chat of the first test (accepted, then ended).
    expect(history.body.sessions.map((s: { chatSessionId: string }) => s.chatSessionId)).toHaveLength(2);
    expect(history.body.sessions[0].chatSessionId).toBe(s2);
    expect(history.body.sessions.every((s: { status: string }) => s.status === 'ended')).toBe(true);
    expect(history.body.sessions[0].messages[0]).toMatchObject({
      messageBody: 'by poll',
      senderId: 'patient-03',
    });
    const skipped = await op('therapist', 'getTherapistChatHistory', { query: { skip: '1', limit: '1' } });
    expect(skipped.body.sessions.map((s: { chatSessionId: string }) => s.chatSessionId)).toEqual([
      history.body.sessions[1].chatSessionId,
    ]);
    const none = await op('therapist2', 'getTherapistChatHistory');
    expect(none.body.sessions).toEqual([]);
    expect(await op.status('patient', 'getTherapistChatHistory')).toBe(403);
    expect(await op.status('therapist', 'getTherapistChatHistory', { query: { limit: '101' } })).toBe(400);

    const byUser = await historyOf('therapist2', 'patient-01');
    expect(byUser.res.statusCode).toBe(200);
    expect(byUser.body.sessions.some((s: { chatSessionId: string }) => s.chatSessionId === s1)).toBe(true);
    expect((await historyOf('therapist2', 'patient-03')).res.statusCode).toBe(404);
    expect((await historyOf('outsider', 'patient-01')).res.statusCode).toBe(404);
    expect((await historyOf('therapist', 'a b')).res.statusCode).toBe(400);
    expect((await historyOf('patient', 'patient-01')).res.statusCode).toBe(403);
    await op('patient', 'endMyChat');
  });
});
