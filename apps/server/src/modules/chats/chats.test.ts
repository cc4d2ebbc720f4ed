import { beforeAll, describe, expect, it } from 'vitest';
import { callContract, contractOperation, type TestApp } from '../../../test/helpers.ts';
import { careTeamRow } from '../patients/care-test-app.ts';
import { as, chatTestApp, openChat } from './test-support.ts';

const chat = chatTestApp();
const { op } = chat;
let t: TestApp;
beforeAll(() => ({ t } = chat));

const post = (user: string, url: string) => as(user, { method: 'POST', url });
const get = (user: string, url: string) => as(user, { method: 'GET', url });
/** The status of a call by a literal URL: the deliberately malformed paths and queries, which operate would encode. */
const statusAt = async (user: string, operationId: string, url: string) => {
  const method = contractOperation(operationId).method.toUpperCase() as 'GET' | 'POST';
  return (await callContract(t.app, operationId, as(user, { method, url }))).res.statusCode;
};
const roles = (body: { participants: Array<{ userId: string; role: string; leftAt?: string | null }> }) =>
  body.participants.map((p) => `${p.userId}:${p.role}${p.leftAt ? ':left' : ''}`);

/** Sends (a new key) or edits (an own key) a message of the chat as `user`. */
const send = (user: string, chatSessionId: string, chatMessageKey: string, messageBody: unknown) =>
  op(user, 'editChatMessage', {
    params: { chatSessionId, chatMessageKey },
    payload: { messageBody } as object,
  });
const unread = (user: string, channelIds: string | string[]) =>
  op(user, 'getUnreadMessageCounts', { query: { channelIds } });
const messages = (user: string, chatSessionId: string, query?: Record<string, string>) =>
  op(user, 'listChatMessages', { params: { chatSessionId }, query });
const markRead = (user: string, chatSessionId: string) =>
  op(user, 'markChatAsRead', { params: { chatSessionId } });
const chatToken = (user: string, chatRoomId: string) => op(user, 'getChatToken', { query: { chatRoomId } });
const invite = (user: string, therapistId: string) =>
  op(user, 'inviteTherapistToChat', { params: { patientId: 'patient-01', therapistId } });
const handOver = (user: string, therapistId: string) =>
  op(user, 'handOverChat', { params: { patientId: 'patient-01', therapistId } });
const leave = (user: string) => op(user, 'leavePatientChat', { params: { patientId: 'patient-01' } });
const endFor = (user: string) => op(user, 'endPatientChat', { params: { patientId: 'patient-03' } });
const claim = (user: string, patientIdOrEmail: string) =>
  op(user, 'claimLead', { params: { patientIdOrEmail } });

async function endAll() {
  for (const patient of ['patient', 'patient2']) await t.app.inject(post(patient, '/patient/chat/end-chat'));
}

describe('messages, read state and unread counts', () => {
  it('sends with a new key, edits only one’s own, counts unread per participant and marks all read', async () => {
    const s = await openChat(t.app);
    const sent = await send('patient', s, 'm-1', 'I slept badly');
    expect(sent.res.statusCode).toBe(200);
    expect(sent.body).toMatchObject({
      chatMessageKey: 'm-1',
      chatSessionId: s,
      senderId: 'patient-01',
      senderName: 'Sam Taylor',
      messageBody: 'I slept badly',
      editedAt: null,
    });
    const reply = await send('therapist', s, 't-1', 'Tell me more');
    expect(reply.body.senderName).toBe('Alex Morgan');

    const edited = await send('patient', s, 'm-1', 'I slept very badly');
    expect(edited.res.statusCode).toBe(200);
    expect(edited.body.messageBody).toBe('I slept very badly');
    expect(edited.body.editedAt).not.toBeNull();
    expect((await send('therapist', s, 'm-1', 'changed')).res.statusCode).toBe(403);
    expect((await send('patient2', s, 'x-1', 'hi')).res.statusCode).toBe(404);
    expect((await send('outsider', s, 'x-1', 'hi')).res.statusCode).toBe(404);
    // In the care team but not in this chat: 403.
    expect((await send('therapist2', s, 'x-1', 'hi')).res.statusCode).toBe(403);
    for (const body of ['', 'x'.repeat(4001), '   ', 7]) {
      const bad = await send('patient', s, 'm-2', body);
      expect(bad.res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('patient', s, 'k'.repeat(65), 'x')).res.statusCode).toBe(400);
    expect((await send('admin', s, 'a-1', 'x')).res.statusCode).toBe(403);

    // Unread: the patient has the therapist's one message; the therapist has the opening message and m-1.
    let counts = await unread('patient', [s, 'unknown-1']);
    expect(counts.body).toEqual({ counts: { [s]: 1 } });
    counts = await unread('therapist', s);
    expect(counts.body).toEqual({ counts: { [s]: 2 } });
    // Not a participant: omitted.
    counts = await unread('patient2', s);
    expect(counts.body).toEqual({ counts: {} });
    expect((await unread('admin', s)).res.statusCode).toBe(403);
    const tooMany = await unread(
      'patient',
      Array.from({ length: 101 }, (_, i) => `c${i}`),
    );
    expect(tooMany.res.statusCode).toBe(400);
    expect(await op.status('patient', 'getUnreadMessageCounts')).toBe(400);
    expect(
      await statusAt('patient', 'getUnreadMessageCounts', '/chats/unread-messages?channelIds=a%20b'),
    ).toBe(400);

    const read = await markRead('therapist', s);
    expect(read.res.statusCode).toBe(200);
    expect(read.body.chatSessionId).toBe(s);
    counts = await unread('therapist', s);
    expect(counts.body).toEqual({ counts: { [s]: 0 } });
    counts = await unread('patient', s);
    expect(counts.body).toEqual({ counts: { [s]: 1 } });
    expect((await markRead('patient2', s)).res.statusCode).toBe(404);
    expect(await statusAt('patient', 'markChatAsRead', '/chats/a%20b/action/markAllAsRead')).toBe(400);

    // Ended chats take no more messages.
    await endAll();
    const late = await send('patient', s, 'm-9', 'late');
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
      const page = await messages('patient', s, {
        limit: '5',
        ...(cursor ? { paginationCursor: cursor } : {}),
      });
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
    const all = await messages('therapist', s);
    expect(all.body.items).toHaveLength(12);
    expect(all.body.paginationCursor).toBeNull();
    expect(all.body.items.at(-1)).toMatchObject({
      chatMessageKey: 'k-10',
      senderName: 'Sam Taylor',
      messageBody: 'message 10',
    });

    expect((await messages('patient', s, { paginationCursor: 'nope' })).res.statusCode).toBe(400);
    expect((await messages('patient', s, { limit: '201' })).res.statusCode).toBe(400);
    // Not theirs: another patient and an outsider learn nothing; a care-team therapist outside the chat is refused.
    expect((await messages('patient2', s)).res.statusCode).toBe(404);
    expect((await messages('outsider', s)).res.statusCode).toBe(404);
    expect((await messages('therapist2', s)).res.statusCode).toBe(403);
    expect((await messages('admin', s)).res.statusCode).toBe(403);
    expect((await messages('patient', 'unknown-session')).res.statusCode).toBe(404);

    // Read receipts: each participant's lastReadAt is in the session.
    const read = await markRead('therapist', s);
    const v2 = await op('therapist', 'listTherapistChatsV2');
    const session = v2.body.items.find(
      (i: { session: { chatSessionId: string } }) => i.session.chatSessionId === s,
    ).session;
    expect(session.participants).toEqual([
      expect.objectContaining({ userId: 'patient-01', lastReadAt: null }),
      expect.objectContaining({ userId: 'therapist-1', lastReadAt: read.body.readAt }),
    ]);

    // After the chat ended, its patient and its therapist still read it (history); the therapist who handed over too.
    await endAll();
    expect((await messages('patient', s)).body.items).toHaveLength(12);
    expect((await messages('therapist', s)).body.items).toHaveLength(12);
  });
});

describe('the development fixture of long chats (POST /dev/chat-messages)', () => {
  it("adds generated messages to the token's open chat, all read; refuses bad counts and tokens", async () => {
    const s = await openChat(t.app);
    const token = (await t.app.inject(get('patient', '/patient/chat/token'))).json() as { token: string };
    const url = `/dev/chat-messages?token=${encodeURIComponent(token.token)}`;
    const added = await t.app.inject({ method: 'POST', url, payload: { count: 300 } });
    expect(added.statusCode).toBe(201);
    const page = await messages('patient', s, { limit: '200' });
    expect(page.body.items.at(-1).messageBody).toBe('Message 300 of 300');
    expect(page.body.paginationCursor).not.toBeNull();
    const counts = await unread('therapist', s);
    expect(counts.body.counts[s]).toBe(0);
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
    const token = await chatToken('therapist', s);
    expect(token.res.statusCode).toBe(200);
    expect(token.body).toMatchObject({
      chatSessionId: s,
      streamUrl: expect.stringContaining(`/chats/${s}/stream?token=`),
    });
    expect((await chatToken('therapist2', s)).res.statusCode).toBe(403);
    expect((await chatToken('outsider', s)).res.statusCode).toBe(404);
    expect((await chatToken('therapist', 'nope')).res.statusCode).toBe(404);
    expect(await op.status('therapist', 'getChatToken')).toBe(400);
    expect((await chatToken('patient', s)).res.statusCode).toBe(403);

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

    expect(await op.status('therapist', 'revokeChatTokens')).toBe(204);
    expect(await op.status('therapist', 'revokeChatTokens')).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: token.body.streamUrl });
    expect(revoked.statusCode).toBe(401);
    expect(await op.status('patient', 'revokeChatTokens')).toBe(403);
    await endAll();
  });
});

describe('invite, hand over, leave, end and claim lead', () => {
  it('lets the lead invite an eligible therapist; handover moves the lead; leaving last ends the chat', async () => {
    const s = await openChat(t.app);
    // Scope lead-therapist is needed, and the caller must lead the patient.
    expect((await invite('therapist', 'therapist-3')).res.statusCode).toBe(403);
    expect((await invite('therapist2', 'therapist-3')).res.statusCode).toBe(403);
    expect((await invite('outsider', 'therapist-3')).res.statusCode).toBe(404);
    expect((await invite('lead', 'therapist-9')).res.statusCode).toBe(403);
    expect((await invite('lead', 'therapist-404')).res.statusCode).toBe(404);
    expect(await statusAt('lead', 'inviteTherapistToChat', '/chats/patient-01/invite/a%20b')).toBe(400);

    const invited = await invite('lead', 'therapist-3');
    expect(invited.res.statusCode).toBe(200);
    expect(roles(invited.body)).toEqual(['patient-01:patient', 'therapist-1:lead', 'therapist-3:invited']);
    const twice = await invite('lead', 'therapist-3');
    expect(twice.res.statusCode).toBe(409);
    expect(twice.body.code).toBe('already_participant');

    // The invitee (not in the care team) now sees this chat: a token and its history via the session.
    expect((await chatToken('therapist3', s)).res.statusCode).toBe(200);

    // Handover: therapist-1 hands the chat to therapist-2 and leaves.
    expect((await handOver('therapist', 'therapist-1')).res.statusCode).toBe(409);
    expect((await handOver('therapist', 'therapist-9')).res.statusCode).toBe(403);
    expect((await handOver('therapist2', 'therapist-3')).res.statusCode).toBe(403);
    expect(await statusAt('therapist', 'handOverChat', '/chats/patient-01/handover/a%20b')).toBe(400);
    expect((await handOver('patient', 'therapist-2')).res.statusCode).toBe(403);
    expect((await handOver('outsider', 'therapist-2')).res.statusCode).toBe(404);
    const handed = await handOver('therapist', 'therapist-2');
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
    expect((await send('therapist', s, 't-9', 'still here?')).res.statusCode).toBe(403);
    expect((await chatToken('therapist', s)).res.statusCode).toBe(403);

    // Leave: not in the chat → 404; the last therapist leaving ends it.
    expect((await leave('therapist')).res.statusCode).toBe(404);
    expect((await leave('therapist3')).res.statusCode).toBe(204);
    const state = await op('patient', 'getMyChatState');
    expect(state.body.status).toBe('open');
    expect((await leave('therapist2')).res.statusCode).toBe(204);
    const after = await op('patient', 'getMyChatState');
    expect(after.body.status).toBe('none');
    expect(await statusAt('therapist', 'leavePatientChat', '/chats/a%20b/leave-chat')).toBe(400);
    expect((await leave('patient')).res.statusCode).toBe(403);
  });

  it('ends a chat for everyone (a participant only, idempotent)', async () => {
    await openChat(t.app, 'patient2', 'therapist');
    expect((await endFor('therapist2')).res.statusCode).toBe(404);
    expect((await endFor('outsider')).res.statusCode).toBe(404);
    expect(await statusAt('therapist', 'endPatientChat', '/chats/a%20b/end-chat')).toBe(400);
    expect((await endFor('patient2')).res.statusCode).toBe(403);
    for (let i = 0; i < 2; i++) expect((await endFor('therapist')).res.statusCode).toBe(204);
    const state = await op('patient2', 'getMyChatState');
    expect(state.body.status).toBe('none');
    const history = await op('patient2', 'getMyChatHistory');
    expect(history.body.sessions[0]).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
  });

  it('lets a care-team therapist claim the lead only when the patient has none', async () => {
    const exists = await claim('therapist2', 'patient-01');
    expect(exists.res.statusCode).toBe(409);
    expect(exists.body.code).toBe('lead_exists');
    const mine = await claim('therapist', 'patient-01');
    expect(mine.res.statusCode).toBe(200);
    expect(mine.body).toMatchObject({ patientId: 'patient-01', therapistId: 'therapist-1', isLead: true });
    expect((await claim('outsider', 'patient@example.com')).res.statusCode).toBe(404);
    expect((await claim('therapist', 'nobody@example.com')).res.statusCode).toBe(404);
    expect((await claim('patient', 'patient-01')).res.statusCode).toBe(403);
    expect((await claim('therapist', 'a'.repeat(255))).res.statusCode).toBe(400);

    // Without a lead, a care-team member claims it (by e-mail, any case).
    await t.db
      .updateTable('care_team')
      .set({ role: 'invited' })
      .where('patient_id', '=', 'patient-02')
      .execute();
    const claimed = await claim('therapist2', 'PATIENT2@example.com');
    expect(claimed.res.statusCode).toBe(200);
    expect(claimed.body).toMatchObject({ patientId: 'patient-02', therapistId: 'therapist-2', isLead: true });
    expect((await careTeamRow(t.db, 'patient-02', 'therapist-2'))?.role).toBe('lead');
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

    const v2 = await op('therapist', 'listTherapistChatsV2');
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
    const v1 = await op('therapist', 'listTherapistChats', { query: { chatTransport: 'stream' } });
    expect(v1.body.items.map((i: { chatSessionId: string }) => i.chatSessionId)).toContain(id);

    const edited = await send('patient2', id, 'seeded-message-1', 'seeded hello, edited');
    expect(edited.body).toMatchObject({
      chatMessageKey: 'seeded-message-1',
      messageBody: 'seeded hello, edited',
      editedAt: expect.any(String),
    });
    const state = await op('patient2', 'getMyChatState');
    expect(state.body).toMatchObject({ status: 'open', chatSessionId: id });
    await endAll();
  });
});
