import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, openChat, seedChatWorld } from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(t.db);
});
afterAll(async () => t?.close());

const post = (user: string, url: string) => as(user, { method: 'POST', url });
const get = (user: string, url: string) => as(user, { method: 'GET', url });
const put = (user: string, url: string, messageBody: unknown) =>
  as(user, { method: 'PUT', url, payload: { messageBody } as object });
const roles = (body: { participants: Array<{ userId: string; role: string; leftAt?: string | null }> }) =>
  body.participants.map((p) => `${p.userId}:${p.role}${p.leftAt ? ':left' : ''}`);

async function endAll() {
  for (const patient of ['patient', 'patient2']) await t.app.inject(post(patient, '/patient/chat/end-chat'));
}

describe('messages, read state and unread counts', () => {
  it('sends with a new key, edits only one’s own, counts unread per participant and marks all read', async () => {
    const s = await openChat(t.app);
    const sent = await callContract(
      t.app,
      'editChatMessage',
      put('patient', `/chats/${s}/messages/m-1`, 'I slept badly'),
    );
    expect(sent.res.statusCode).toBe(200);
    expect(sent.body).toMatchObject({
      chatMessageKey: 'm-1',
      chatSessionId: s,
      senderId: 'patient-01',
      senderName: 'Sam Taylor',
      messageBody: 'I slept badly',
      editedAt: null,
    });
    const reply = await callContract(
      t.app,
      'editChatMessage',
      put('therapist', `/chats/${s}/messages/t-1`, 'Tell me more'),
    );
    expect(reply.body.senderName).toBe('Alex Morgan');

    const edited = await callContract(
      t.app,
      'editChatMessage',
      put('patient', `/chats/${s}/messages/m-1`, 'I slept very badly'),
    );
    expect(edited.res.statusCode).toBe(200);
    expect(edited.body.messageBody).toBe('I slept very badly');
    expect(edited.body.editedAt).not.toBeNull();
    const notMine = await callContract(
      t.app,
      'editChatMessage',
      put('therapist', `/chats/${s}/messages/m-1`, 'changed'),
    );
    expect(notMine.res.statusCode).toBe(403);
    const otherPatient = await callContract(
      t.app,
      'editChatMessage',
      put('patient2', `/chats/${s}/messages/x-1`, 'hi'),
    );
    expect(otherPatient.res.statusCode).toBe(404);
    const outsider = await callContract(
      t.app,
      'editChatMessage',
      put('outsider', `/chats/${s}/messages/x-1`, 'hi'),
    );
    expect(outsider.res.statusCode).toBe(404);
    // In the care team but not in this chat: 403.
    const notInChat = await callContract(
      t.app,
      'editChatMessage',
      put('therapist2', `/chats/${s}/messages/x-1`, 'hi'),
    );
    expect(notInChat.res.statusCode).toBe(403);
    for (const body of ['', 'x'.repeat(4001), '   ', 7]) {
      const bad = await callContract(
        t.app,
        'editChatMessage',
        put('patient', `/chats/${s}/messages/m-2`, body),
      );
      expect(bad.res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badKey = await callContract(
      t.app,
      'editChatMessage',
      put('patient', `/chats/${s}/messages/${'k'.repeat(65)}`, 'x'),
    );
    expect(badKey.res.statusCode).toBe(400);
    const admin = await callContract(t.app, 'editChatMessage', put('admin', `/chats/${s}/messages/a-1`, 'x'));
    expect(admin.res.statusCode).toBe(403);

    // Unread: the patient has the therapist's one message; the therapist has the opening message and m-1.
    let counts = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('patient', `/chats/unread-messages?channelIds=${s}&channelIds=unknown-1`),
    );
    expect(counts.body).toEqual({ counts: { [s]: 1 } });
    counts = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('therapist', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(counts.body).toEqual({ counts: { [s]: 2 } });
    // Not a participant: omitted.
    counts = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('patient2', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(counts.body).toEqual({ counts: {} });
    const admin2 = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('admin', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(admin2.res.statusCode).toBe(403);
    const tooMany = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get(
        'patient',
        `/chats/unread-messages?${Array.from({ length: 101 }, (_, i) => `channelIds=c${i}`).join('&')}`,
      ),
    );
    expect(tooMany.res.statusCode).toBe(400);
    const missing = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('patient', '/chats/unread-messages'),
    );
    expect(missing.res.statusCode).toBe(400);
    const malformed = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('patient', '/chats/unread-messages?channelIds=a%20b'),
    );
    expect(malformed.res.statusCode).toBe(400);

    const read = await callContract(
      t.app,
      'markChatAsRead',
      post('therapist', `/chats/${s}/action/markAllAsRead`),
    );
    expect(read.res.statusCode).toBe(200);
    expect(read.body.chatSessionId).toBe(s);
    counts = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('therapist', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(counts.body).toEqual({ counts: { [s]: 0 } });
    counts = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('patient', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(counts.body).toEqual({ counts: { [s]: 1 } });
    const readOther = await callContract(
      t.app,
      'markChatAsRead',
      post('patient2', `/chats/${s}/action/markAllAsRead`),
    );
    expect(readOther.res.statusCode).toBe(404);
    const readBad = await callContract(
      t.app,
      'markChatAsRead',
      post('patient', '/chats/a%20b/action/markAllAsRead'),
    );
    expect(readBad.res.statusCode).toBe(400);

    // Ended chats take no more messages.
    await endAll();
    const late = await callContract(
      t.app,
      'editChatMessage',
      put('patient', `/chats/${s}/messages/m-9`, 'late'),
    );
    expect(late.res.statusCode).toBe(409);
    expect(late.body.code).toBe('chat_ended');
  });
});

describe('the pages of a chat (listChatMessages) and read receipts', () => {
  it("pages back in time with the cursor, for the patient and the chat's therapists only", async () => {
    const s = await openChat(t.app);
    // The opening message, then 11 more; several in the same millisecond, so the cursor breaks ties by id.
    const at = Date.now();
    const rows = Array.from({ length: 11 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      session_id: s,
      sender_id: i % 2 ? 'therapist-1' : 'patient-01',
      body: `message ${i}`,
      created_at: new Date(at + 1000 + Math.floor(i / 3)),
      edited_at: null,
      message_key: `k-${i}`,
    }));
    await t.db.insertInto('chat_messages').values(rows).execute();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/chats/${s}/messages?limit=5${cursor ? `&paginationCursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await callContract(t.app, 'listChatMessages', get('patient', url));
      expect(page.res.statusCode).toBe(200);
      expect(Number(page.body.lastEventId)).toBeGreaterThan(0);
      const keys = page.body.items.map((m: { chatMessageKey: string }) => m.chatMessageKey);
      seen.unshift(...keys);
      cursor = page.body.paginationCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([`request-${s}`, ...rows.map((r) => r.message_key)]);

    // The default page is the newest 50, oldest first; names are resolved.
    const all = await callContract(t.app, 'listChatMessages', get('therapist', `/chats/${s}/messages`));
    expect(all.body.items).toHaveLength(12);
    expect(all.body.paginationCursor).toBeNull();
    expect(all.body.items.at(-1)).toMatchObject({
      chatMessageKey: 'k-10',
      senderName: 'Sam Taylor',
      messageBody: 'message 10',
    });

    const bad = await callContract(
      t.app,
      'listChatMessages',
      get('patient', `/chats/${s}/messages?paginationCursor=nope`),
    );
    expect(bad.res.statusCode).toBe(400);
    const tooMany = await callContract(
      t.app,
      'listChatMessages',
      get('patient', `/chats/${s}/messages?limit=201`),
    );
    expect(tooMany.res.statusCode).toBe(400);
    // Not theirs: another patient and an outsider learn nothing; a care-team therapist outside the chat is refused.
    expect(
      (await callContract(t.app, 'listChatMessages', get('patient2', `/chats/${s}/messages`))).res.statusCode,
    ).toBe(404);
    expect(
      (await callContract(t.app, 'listChatMessages', get('outsider', `/chats/${s}/messages`))).res.statusCode,
    ).toBe(404);
    expect(
      (await callContract(t.app, 'listChatMessages', get('therapist2', `/chats/${s}/messages`))).res
        .statusCode,
    ).toBe(403);
    expect(
      (await callContract(t.app, 'listChatMessages', get('admin', `/chats/${s}/messages`))).res.statusCode,
    ).toBe(403);
    expect(
      (await callContract(t.app, 'listChatMessages', get('patient', '/chats/unknown-session/messages'))).res
        .statusCode,
    ).toBe(404);

    // Read receipts: each participant's lastReadAt is in the session.
    const read = await callContract(
      t.app,
      'markChatAsRead',
      post('therapist', `/chats/${s}/action/markAllAsRead`),
    );
    const v2 = await callContract(t.app, 'listTherapistChatsV2', get('therapist', '/therapist/v2/chats'));
    const session = v2.body.items.find(
      (i: { session: { chatSessionId: string } }) => i.session.chatSessionId === s,
    ).session;
    expect(session.participants).toEqual([
      expect.objectContaining({ userId: 'patient-01', lastReadAt: null }),
      expect.objectContaining({ userId: 'therapist-1', lastReadAt: read.body.readAt }),
    ]);

    // After the chat ended, its patient and its therapist still read it (history); the therapist who handed over too.
    await endAll();
    expect(
      (await callContract(t.app, 'listChatMessages', get('patient', `/chats/${s}/messages`))).body.items,
    ).toHaveLength(12);
    expect(
      (await callContract(t.app, 'listChatMessages', get('therapist', `/chats/${s}/messages`))).body.items,
    ).toHaveLength(12);
  });
});

describe('the development fixture of long chats (POST /dev/chat-messages)', () => {
  it("adds generated messages to the token's open chat, all read; refuses bad counts and tokens", async () => {
    const s = await openChat(t.app);
    const token = (await t.app.inject(get('patient', '/patient/chat/token'))).json() as { token: string };
    const url = `/dev/chat-messages?token=${encodeURIComponent(token.token)}`;
    const added = await t.app.inject({ method: 'POST', url, payload: { count: 300 } });
    expect(added.statusCode).toBe(201);
    const page = await callContract(
      t.app,
      'listChatMessages',
      get('patient', `/chats/${s}/messages?limit=200`),
    );
    expect(page.body.items.at(-1).messageBody).toBe('Message 300 of 300');
    expect(page.body.paginationCursor).not.toBeNull();
    const unread = await callContract(
      t.app,
      'getUnreadMessageCounts',
      get('therapist', `/chats/unread-messages?channelIds=${s}`),
    );
    expect(unread.body.counts[s]).toBe(0);
    for (const count of [0, 10_001, 'many'])
      expect((await t.app.inject({ method: 'POST', url, payload: { count } })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/dev/chat-messages?token=forged', payload: { count: 1 } }))
        .statusCode,
    ).toBe(401);
    await endAll();
    expect((await t.app.inject({ method: 'POST', url, payload: { count: 1 } })).statusCode).toBe(409);
  });
});

describe('chat tokens of therapists', () => {
  it('issues a token to a participant only, and revokes them all', async () => {
    const s = await openChat(t.app);
    const token = await callContract(t.app, 'getChatToken', get('therapist', `/chats/token?chatRoomId=${s}`));
    expect(token.res.statusCode).toBe(200);
    expect(token.body).toMatchObject({
      chatSessionId: s,
      streamUrl: expect.stringContaining(`/chats/${s}/stream?token=`),
    });
    const notInChat = await callContract(
      t.app,
      'getChatToken',
      get('therapist2', `/chats/token?chatRoomId=${s}`),
    );
    expect(notInChat.res.statusCode).toBe(403);
    const outsider = await callContract(
      t.app,
      'getChatToken',
      get('outsider', `/chats/token?chatRoomId=${s}`),
    );
    expect(outsider.res.statusCode).toBe(404);
    const unknown = await callContract(
      t.app,
      'getChatToken',
      get('therapist', '/chats/token?chatRoomId=nope'),
    );
    expect(unknown.res.statusCode).toBe(404);
    const missing = await callContract(t.app, 'getChatToken', get('therapist', '/chats/token'));
    expect(missing.res.statusCode).toBe(400);
    const patient = await callContract(t.app, 'getChatToken', get('patient', `/chats/token?chatRoomId=${s}`));
    expect(patient.res.statusCode).toBe(403);

    // A token is bound to its session and user: another session's id in the stream URL is refused.
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/chats/other-session/stream?token=${encodeURIComponent(token.body.token)}`,
    });
    expect(wrong.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/chats/${s}/stream?token=${encodeURIComponent(token.body.token.slice(0, -2))}xx`,
    });
    expect(forged.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: `/chats/${s}/stream` });
    expect(none.statusCode).toBe(401);

    const revoke = await callContract(
      t.app,
      'revokeChatTokens',
      as('therapist', { method: 'DELETE', url: '/chats/token' }),
    );
    expect(revoke.res.statusCode).toBe(204);
    const again = await callContract(
      t.app,
      'revokeChatTokens',
      as('therapist', { method: 'DELETE', url: '/chats/token' }),
    );
    expect(again.res.statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: token.body.streamUrl });
    expect(revoked.statusCode).toBe(401);
    const patientRevoke = await callContract(
      t.app,
      'revokeChatTokens',
      as('patient', { method: 'DELETE', url: '/chats/token' }),
    );
    expect(patientRevoke.res.statusCode).toBe(403);
    await endAll();
  });
});

describe('invite, hand over, leave, end and claim lead', () => {
  it('lets the lead invite an eligible therapist; handover moves the lead; leaving last ends the chat', async () => {
    const s = await openChat(t.app);
    // Scope lead-therapist is needed, and the caller must lead the patient.
    const noScope = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('therapist', '/chats/patient-01/invite/therapist-3'),
    );
    expect(noScope.res.statusCode).toBe(403);
    const notLead = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('therapist2', '/chats/patient-01/invite/therapist-3'),
    );
    expect(notLead.res.statusCode).toBe(403);
    const outsider = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('outsider', '/chats/patient-01/invite/therapist-3'),
    );
    expect(outsider.res.statusCode).toBe(404);
    const otherTree = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('lead', '/chats/patient-01/invite/therapist-9'),
    );
    expect(otherTree.res.statusCode).toBe(403);
    const nobody = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('lead', '/chats/patient-01/invite/therapist-404'),
    );
    expect(nobody.res.statusCode).toBe(404);
    const badId = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('lead', '/chats/patient-01/invite/a%20b'),
    );
    expect(badId.res.statusCode).toBe(400);

    const invited = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('lead', '/chats/patient-01/invite/therapist-3'),
    );
    expect(invited.res.statusCode).toBe(200);
    expect(roles(invited.body)).toEqual(['patient-01:patient', 'therapist-1:lead', 'therapist-3:invited']);
    const twice = await callContract(
      t.app,
      'inviteTherapistToChat',
      post('lead', '/chats/patient-01/invite/therapist-3'),
    );
    expect(twice.res.statusCode).toBe(409);
    expect(twice.body.code).toBe('already_participant');

    // The invitee (not in the care team) now sees this chat: a token and its history via the session.
    const token = await callContract(
      t.app,
      'getChatToken',
      get('therapist3', `/chats/token?chatRoomId=${s}`),
    );
    expect(token.res.statusCode).toBe(200);

    // Handover: therapist-1 hands the chat to therapist-2 and leaves.
    const self = await callContract(
      t.app,
      'handOverChat',
      post('therapist', '/chats/patient-01/handover/therapist-1'),
    );
    expect(self.res.statusCode).toBe(409);
    const foreign = await callContract(
      t.app,
      'handOverChat',
      post('therapist', '/chats/patient-01/handover/therapist-9'),
    );
    expect(foreign.res.statusCode).toBe(403);
    const notIn = await callContract(
      t.app,
      'handOverChat',
      post('therapist2', '/chats/patient-01/handover/therapist-3'),
    );
    expect(notIn.res.statusCode).toBe(403);
    const badTarget = await callContract(
      t.app,
      'handOverChat',
      post('therapist', '/chats/patient-01/handover/a%20b'),
    );
    expect(badTarget.res.statusCode).toBe(400);
    const patientHandover = await callContract(
      t.app,
      'handOverChat',
      post('patient', '/chats/patient-01/handover/therapist-2'),
    );
    expect(patientHandover.res.statusCode).toBe(403);
    const hidden = await callContract(
      t.app,
      'handOverChat',
      post('outsider', '/chats/patient-01/handover/therapist-2'),
    );
    expect(hidden.res.statusCode).toBe(404);
    const handed = await callContract(
      t.app,
      'handOverChat',
      post('therapist', '/chats/patient-01/handover/therapist-2'),
    );
    expect(handed.res.statusCode).toBe(200);
    expect(roles(handed.body)).toEqual([
      'patient-01:patient',
      'therapist-1:lead:left',
      'therapist-3:invited',
      'therapist-2:handover',
    ]);
    const session = await t.db
      .selectFrom('chat_sessions')
      .select('therapist_id')
      .where('id', '=', s)
      .executeTakeFirstOrThrow();
    expect(session.therapist_id).toBe('therapist-2');
    // The one who left can no longer write or get a token.
    const gone = await callContract(
      t.app,
      'editChatMessage',
      put('therapist', `/chats/${s}/messages/t-9`, 'still here?'),
    );
    expect(gone.res.statusCode).toBe(403);
    const goneToken = await callContract(
      t.app,
      'getChatToken',
      get('therapist', `/chats/token?chatRoomId=${s}`),
    );
    expect(goneToken.res.statusCode).toBe(403);

    // Leave: not in the chat → 404; the last therapist leaving ends it.
    const notInChat = await callContract(
      t.app,
      'leavePatientChat',
      post('therapist', '/chats/patient-01/leave-chat'),
    );
    expect(notInChat.res.statusCode).toBe(404);
    const left3 = await callContract(
      t.app,
      'leavePatientChat',
      post('therapist3', '/chats/patient-01/leave-chat'),
    );
    expect(left3.res.statusCode).toBe(204);
    const state = await callContract(t.app, 'getMyChatState', get('patient', '/patient/chat/exists'));
    expect(state.body.status).toBe('open');
    const left2 = await callContract(
      t.app,
      'leavePatientChat',
      post('therapist2', '/chats/patient-01/leave-chat'),
    );
    expect(left2.res.statusCode).toBe(204);
    const after = await callContract(t.app, 'getMyChatState', get('patient', '/patient/chat/exists'));
    expect(after.body.status).toBe('none');
    const badLeave = await callContract(
      t.app,
      'leavePatientChat',
      post('therapist', '/chats/a%20b/leave-chat'),
    );
    expect(badLeave.res.statusCode).toBe(400);
    const patientLeave = await callContract(
      t.app,
      'leavePatientChat',
      post('patient', '/chats/patient-01/leave-chat'),
    );
    expect(patientLeave.res.statusCode).toBe(403);
  });

  it('ends a chat for everyone (a participant only, idempotent)', async () => {
    await openChat(t.app, 'patient2', 'therapist');
    const hidden = await callContract(
      t.app,
      'endPatientChat',
      post('therapist2', '/chats/patient-03/end-chat'),
    );
    expect(hidden.res.statusCode).toBe(404);
    const outsider = await callContract(
      t.app,
      'endPatientChat',
      post('outsider', '/chats/patient-03/end-chat'),
    );
    expect(outsider.res.statusCode).toBe(404);
    const bad = await callContract(t.app, 'endPatientChat', post('therapist', '/chats/a%20b/end-chat'));
    expect(bad.res.statusCode).toBe(400);
    const patient = await callContract(
      t.app,
      'endPatientChat',
      post('patient2', '/chats/patient-03/end-chat'),
    );
    expect(patient.res.statusCode).toBe(403);
    for (let i = 0; i < 2; i++) {
      const ended = await callContract(
        t.app,
        'endPatientChat',
        post('therapist', '/chats/patient-03/end-chat'),
      );
      expect(ended.res.statusCode).toBe(204);
    }
    const state = await callContract(t.app, 'getMyChatState', get('patient2', '/patient/chat/exists'));
    expect(state.body.status).toBe('none');
    const history = await callContract(
      t.app,
      'getMyChatHistory',
      get('patient2', '/patient/chat/v1/history'),
    );
    expect(history.body.sessions[0]).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
  });

  it('lets a care-team therapist claim the lead only when the patient has none', async () => {
    const exists = await callContract(t.app, 'claimLead', post('therapist2', '/chats/patient-01/claim-lead'));
    expect(exists.res.statusCode).toBe(409);
    expect(exists.body.code).toBe('lead_exists');
    const mine = await callContract(t.app, 'claimLead', post('therapist', '/chats/patient-01/claim-lead'));
    expect(mine.res.statusCode).toBe(200);
    expect(mine.body).toMatchObject({ patientId: 'patient-01', therapistId: 'therapist-1', isLead: true });
    const outsider = await callContract(
      t.app,
      'claimLead',
      post('outsider', '/chats/patient@example.com/claim-lead'),
    );
    expect(outsider.res.statusCode).toBe(404);
    const unknown = await callContract(
      t.app,
      'claimLead',
      post('therapist', '/chats/nobody@example.com/claim-lead'),
    );
    expect(unknown.res.statusCode).toBe(404);
    const patient = await callContract(t.app, 'claimLead', post('patient', '/chats/patient-01/claim-lead'));
    expect(patient.res.statusCode).toBe(403);
    const tooLong = await callContract(
      t.app,
      'claimLead',
      post('therapist', `/chats/${'a'.repeat(255)}/claim-lead`),
    );
    expect(tooLong.res.statusCode).toBe(400);

    // Without a lead, a care-team member claims it (by e-mail, any case).
    await t.db
      .updateTable('care_team')
      .set({ role: 'invited' })
      .where('patient_id', '=', 'patient-02')
      .execute();
    const claimed = await callContract(
      t.app,
      'claimLead',
      post('therapist2', '/chats/PATIENT2@example.com/claim-lead'),
    );
    expect(claimed.res.statusCode).toBe(200);
    expect(claimed.body).toMatchObject({ patientId: 'patient-02', therapistId: 'therapist-2', isLead: true });
    const row = await t.db
      .selectFrom('care_team')
      .select('role')
      .where('patient_id', '=', 'patient-02')
      .where('therapist_id', '=', 'therapist-2')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('lead');
  });
});

describe('chats written like the demo seed (no participants, keys or activity written by the chat code)', () => {
  it('get participants from the trigger, stream transport from legacy `sse`, and message keys from ids', async () => {
    await endAll();
    const id = 'seeded-session-1';
    const opened = new Date(Date.now() - 60 * 60_000);
    await t.db
      .insertInto('chat_sessions')
      .values({
        id,
        patient_id: 'patient-03',
        therapist_id: 'therapist-1',
        status: 'active',
        emergency: false,
        transport: 'sse',
        created_at: opened,
        ended_at: null,
      })
      .execute();
    await t.db
      .insertInto('chat_messages')
      .values({
        id: 'seeded-message-1',
        session_id: id,
        sender_id: 'patient-03',
        body: 'seeded hello',
        created_at: opened,
        edited_at: null,
      })
      .execute();

    const v2 = await callContract(t.app, 'listTherapistChatsV2', get('therapist', '/therapist/v2/chats'));
    const item = v2.body.items.find(
      (i: { session: { chatSessionId: string } }) => i.session.chatSessionId === id,
    );
    expect(roles(item.session)).toEqual(['patient-03:patient', 'therapist-1:lead']);
    expect(item.session.chatTransport).toBe('stream');
    expect(item.unreadCount).toBe(1);
    expect(item.lastMessage).toMatchObject({
      chatMessageKey: 'seeded-message-1',
      messageBody: 'seeded hello',
    });
    const v1 = await callContract(
      t.app,
      'listTherapistChats',
      get('therapist', '/therapist/chats?chatTransport=stream'),
    );
    expect(v1.body.items.map((i: { chatSessionId: string }) => i.chatSessionId)).toContain(id);

    const edited = await callContract(
      t.app,
      'editChatMessage',
      put('patient2', `/chats/${id}/messages/seeded-message-1`, 'seeded hello, edited'),
    );
    expect(edited.body).toMatchObject({
      chatMessageKey: 'seeded-message-1',
      messageBody: 'seeded hello, edited',
      editedAt: expect.any(String),
    });
    const state = await callContract(t.app, 'getMyChatState', get('patient2', '/patient/chat/exists'));
    expect(state.body).toMatchObject({ status: 'open', chatSessionId: id });
    await endAll();
  });
});
