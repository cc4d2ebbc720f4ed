import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, openChat, seedChatWorld } from '../chats/test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(t.db);
});
afterAll(async () => t?.close());

const post = (user: string, url: string, payload?: unknown) =>
  as(user, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (user: string, url: string) => as(user, { method: 'GET', url });

describe('therapist chat requests', () => {
  it('lists the care team’s requests, emergency first then oldest first, filtered by transport', async () => {
    // patient-01 (team: therapist-1 lead, therapist-2 invited), patient-03 (therapist-1), patient-02 (therapist-2).
    const a = await callContract(
      t.app,
      'requestChat',
      post('patient', '/patient/chat/request-chat', { message: 'first' }),
    );
    await new Promise((r) => setTimeout(r, 5));
    const b = await callContract(
      t.app,
      'requestChat',
      post('patient2', '/patient/chat/request-chat?chatTransport=stream', { message: 'second' }),
    );
    await new Promise((r) => setTimeout(r, 5));
    const c = await t.app.inject(as('therapist2', { method: 'GET', url: '/therapist/chat-requests' }));
    expect(c.json().items.map((i: { requestId: string }) => i.requestId)).toEqual([a.body.requestId]);

    let list = await callContract(t.app, 'listChatRequests', get('therapist', '/therapist/chat-requests'));
    expect(list.body.items.map((i: { requestId: string }) => i.requestId)).toEqual([
      a.body.requestId,
      b.body.requestId,
    ]);
    // The later emergency request jumps the queue.
    await callContract(
      t.app,
      'requestEmergencyChat',
      post('patient2', '/patient/chat/request-emergency-chat', { message: 'urgent' }),
    );
    list = await callContract(
      t.app,
      'listChatRequests',
      get('therapist', '/therapist/chat-requests?chatTransport=stream'),
    );
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
    const poll = await callContract(
      t.app,
      'listChatRequests',
      get('therapist', '/therapist/chat-requests?chatTransport=poll'),
    );
    expect(poll.body.items).toEqual([]);
    // Outside the care team: nothing.
    const outsider = await callContract(
      t.app,
      'listChatRequests',
      get('outsider', '/therapist/chat-requests'),
    );
    expect(outsider.body.items).toEqual([]);
    const bad = await callContract(
      t.app,
      'listChatRequests',
      get('therapist', '/therapist/chat-requests?chatTransport=fax'),
    );
    expect(bad.res.statusCode).toBe(400);
    const patient = await callContract(t.app, 'listChatRequests', get('patient', '/therapist/chat-requests'));
    expect(patient.res.statusCode).toBe(403);

    // Accept: only the care team (outsider 404), once (409 already_accepted for another therapist).
    const hidden = await callContract(
      t.app,
      'acceptChatRequest',
      get('outsider', `/therapist/chat-requests/${a.body.requestId}/accept`),
    );
    expect(hidden.res.statusCode).toBe(404);
    const tooLong = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', `/therapist/chat-requests/${'r'.repeat(65)}/accept`),
    );
    expect(tooLong.res.statusCode).toBe(400);
    const asPatient = await callContract(
      t.app,
      'acceptChatRequest',
      get('patient', `/therapist/chat-requests/${a.body.requestId}/accept`),
    );
    expect(asPatient.res.statusCode).toBe(403);
    const unknown = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', '/therapist/chat-requests/nope/accept'),
    );
    expect(unknown.res.statusCode).toBe(404);
    const accepted = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', `/therapist/chat-requests/${a.body.requestId}/accept`),
    );
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
    const twice = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', `/therapist/chat-requests/${a.body.requestId}/accept`),
    );
    expect(twice.res.statusCode).toBe(200);
    const late = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist2', `/therapist/chat-requests/${a.body.requestId}/accept`),
    );
    expect(late.res.statusCode).toBe(409);
    expect(late.body.code).toBe('already_accepted');
    const state = await callContract(t.app, 'getMyChatState', get('patient', '/patient/chat/exists'));
    expect(state.body).toMatchObject({ exists: true, status: 'open', chatSessionId: a.body.requestId });
    list = await callContract(t.app, 'listChatRequests', get('therapist', '/therapist/chat-requests'));
    expect(list.body.items.map((i: { requestId: string }) => i.requestId)).toEqual([b.body.requestId]);

    // Withdrawn requests cannot be accepted.
    await callContract(t.app, 'endMyChat', post('patient2', '/patient/chat/end-chat'));
    const closed = await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', `/therapist/chat-requests/${b.body.requestId}/accept`),
    );
    expect(closed.res.statusCode).toBe(409);
    expect(closed.body.code).toBe('request_closed');
    await callContract(t.app, 'endMyChat', post('patient', '/patient/chat/end-chat'));
  });
});

describe('therapist chats and histories', () => {
  it('lists open chats (v1 paged with the transport flag, v2 with unread counts and last message)', async () => {
    const s1 = await openChat(t.app, 'patient', 'therapist');
    const pollReq = await callContract(
      t.app,
      'requestChat',
      post('patient2', '/patient/chat/request-chat?chatTransport=poll', { message: 'by poll' }),
    );
    await callContract(
      t.app,
      'acceptChatRequest',
      get('therapist', `/therapist/chat-requests/${pollReq.body.requestId}/accept`),
    );
    const s2 = pollReq.body.requestId as string;
    await callContract(
      t.app,
      'editChatMessage',
      as('patient', {
        method: 'PUT',
        url: `/chats/${s1}/messages/k-1`,
        payload: { messageBody: 'newest activity' },
      }),
    );

    const v1 = await callContract(t.app, 'listTherapistChats', get('therapist', '/therapist/chats'));
    expect(v1.body).toMatchObject({ skip: 0, limit: 20, total: 1 });
    expect(v1.body.items.map((s: { chatSessionId: string }) => s.chatSessionId)).toEqual([s1]);
    const v1poll = await callContract(
      t.app,
      'listTherapistChats',
      get('therapist', '/therapist/chats?chatTransport=poll&skip=0&limit=1'),
    );
    expect(v1poll.body).toMatchObject({ skip: 0, limit: 1, total: 1 });
    expect(v1poll.body.items[0].chatSessionId).toBe(s2);
    const page2 = await callContract(
      t.app,
      'listTherapistChats',
      get('therapist', '/therapist/chats?chatTransport=poll&skip=1&limit=1'),
    );
    expect(page2.body.items).toEqual([]);
    const badLimit = await callContract(
      t.app,
      'listTherapistChats',
      get('therapist', '/therapist/chats?limit=0'),
    );
    expect(badLimit.res.statusCode).toBe(400);
    const badSkip = await callContract(
      t.app,
      'listTherapistChats',
      get('therapist', '/therapist/chats?skip=-1'),
    );
    expect(badSkip.res.statusCode).toBe(400);
    const patientV1 = await callContract(t.app, 'listTherapistChats', get('patient', '/therapist/chats'));
    expect(patientV1.res.statusCode).toBe(403);
    const others = await callContract(t.app, 'listTherapistChats', get('therapist2', '/therapist/chats'));
    expect(others.body.total).toBe(0);

    const v2 = await callContract(t.app, 'listTherapistChatsV2', get('therapist', '/therapist/v2/chats'));
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
    const empty = await callContract(t.app, 'listTherapistChatsV2', get('outsider', '/therapist/v2/chats'));
    expect(empty.body.items).toEqual([]);
    const patient = await callContract(t.app, 'listTherapistChatsV2', get('patient', '/therapist/v2/chats'));
    expect(patient.res.statusCode).toBe(403);

    // History: ended sessions the therapist took part in; by user id for the care team only.
    await callContract(t.app, 'endMyChat', post('patient2', '/patient/chat/end-chat'));
    const history = await callContract(
      t.app,
      'getTherapistChatHistory',
      get('therapist', '/therapist/v1/chat-history?limit=5'),
    );
    // Newest first: this test's poll chat, then the chat of the first test (accepted, then ended).
    expect(history.body.sessions.map((s: { chatSessionId: string }) => s.chatSessionId)).toHaveLength(2);
    expect(history.body.sessions[0].chatSessionId).toBe(s2);
    expect(history.body.sessions.every((s: { status: string }) => s.status === 'ended')).toBe(true);
    expect(history.body.sessions[0].messages[0]).toMatchObject({
      messageBody: 'by poll',
      senderId: 'patient-03',
    });
    const skipped = await callContract(
      t.app,
      'getTherapistChatHistory',
      get('therapist', '/therapist/v1/chat-history?skip=1&limit=1'),
    );
    expect(skipped.body.sessions.map((s: { chatSessionId: string }) => s.chatSessionId)).toEqual([
      history.body.sessions[1].chatSessionId,
    ]);
    const none = await callContract(
      t.app,
      'getTherapistChatHistory',
      get('therapist2', '/therapist/v1/chat-history'),
    );
    expect(none.body.sessions).toEqual([]);
    const patientHistory = await callContract(
      t.app,
      'getTherapistChatHistory',
      get('patient', '/therapist/v1/chat-history'),
    );
    expect(patientHistory.res.statusCode).toBe(403);
    const badHistory = await callContract(
      t.app,
      'getTherapistChatHistory',
      get('therapist', '/therapist/v1/chat-history?limit=101'),
    );
    expect(badHistory.res.statusCode).toBe(400);

    const byUser = await callContract(
      t.app,
      'getChatHistoryByUserId',
      post('therapist2', '/therapist/v1/actions/get-chat-history-by-user-id', { userId: 'patient-01' }),
    );
    expect(byUser.res.statusCode).toBe(200);
    expect(byUser.body.sessions.some((s: { chatSessionId: string }) => s.chatSessionId === s1)).toBe(true);
    const notAssigned = await callContract(
      t.app,
      'getChatHistoryByUserId',
      post('therapist2', '/therapist/v1/actions/get-chat-history-by-user-id', { userId: 'patient-03' }),
    );
    expect(notAssigned.res.statusCode).toBe(404);
    const outsider = await callContract(
      t.app,
      'getChatHistoryByUserId',
      post('outsider', '/therapist/v1/actions/get-chat-history-by-user-id', { userId: 'patient-01' }),
    );
    expect(outsider.res.statusCode).toBe(404);
    const badBody = await callContract(
      t.app,
      'getChatHistoryByUserId',
      post('therapist', '/therapist/v1/actions/get-chat-history-by-user-id', { userId: 'a b' }),
    );
    expect(badBody.res.statusCode).toBe(400);
    const asPatient = await callContract(
      t.app,
      'getChatHistoryByUserId',
      post('patient', '/therapist/v1/actions/get-chat-history-by-user-id', { userId: 'patient-01' }),
    );
    expect(asPatient.res.statusCode).toBe(403);
    await callContract(t.app, 'endMyChat', post('patient', '/patient/chat/end-chat'));
  });
});
