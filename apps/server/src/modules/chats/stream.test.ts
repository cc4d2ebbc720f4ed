import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { CHAT_CHANNEL } from '../../realtime/bus.ts';
import { createInstances, createTestApp, type Instances, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, listen, openChat, seedChatWorld, SseReader } from './test-support.ts';

const put = (user: string, url: string, messageBody: string) =>
  as(user, { method: 'PUT', url, payload: { messageBody } });
const data = (e: { data: string }) => JSON.parse(e.data) as Record<string, unknown>;

describe('live chat stream (one server)', () => {
  let t: TestApp;
  let base: string;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
    await seedChatWorld(t.db);
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const r of readers) r.close();
    await t?.close();
  });

  async function stream(user: string, sessionId: string, headers: Record<string, string> = {}) {
    const url =
      user === 'patient' || user === 'patient2'
        ? '/patient/chat/token'
        : `/chats/token?chatRoomId=${sessionId}`;
    const token = (await t.app.inject(as(user, { method: 'GET', url }))).json() as {
      streamUrl: string;
      chatSessionId: string;
    };
    expect(token.chatSessionId).toBe(sessionId);
    const reader = await new SseReader().open(base + token.streamUrl, headers);
    readers.push(reader);
    expect(reader.status).toBe(200);
    await reader.next((e) => e.event === 'ready');
    return reader;
  }

  it('carries new and edited messages, read state and session changes to every participant', async () => {
    const s = await openChat(t.app);
    const patient = await stream('patient', s);
    const therapist = await stream('therapist', s);
    const ready = data(patient.events.find((e) => e.event === 'ready')!);
    expect(ready).toMatchObject({ chatSessionId: s, status: 'open' });

    await t.app.inject(put('therapist', `/chats/${s}/messages/t-1`, 'How are you <b>today</b>?'));
    const message = await patient.next((e) => e.event === 'message');
    expect(data(message)).toMatchObject({
      chatMessageKey: 't-1',
      senderId: 'therapist-1',
      messageBody: 'How are you <b>today</b>?',
      editedAt: null,
    });
    expect(message.id).toMatch(/^\d+$/);
    await therapist.next((e) => e.event === 'message' && data(e).chatMessageKey === 't-1');

    await t.app.inject(put('therapist', `/chats/${s}/messages/t-1`, 'How are you feeling today?'));
    const edited = await patient.next((e) => e.event === 'message-edited');
    expect(data(edited)).toMatchObject({
      chatMessageKey: 't-1',
      messageBody: 'How are you feeling today?',
      editedAt: expect.any(String),
    });

    await t.app.inject(as('patient', { method: 'POST', url: `/chats/${s}/action/markAllAsRead` }));
    const read = await therapist.next((e) => e.event === 'read');
    expect(data(read)).toMatchObject({ chatSessionId: s, userId: 'patient-01', readAt: expect.any(String) });

    await t.app.inject(as('lead', { method: 'POST', url: '/chats/patient-01/invite/therapist-3' }));
    const session = await patient.next((e) => e.event === 'session');
    expect((data(session).participants as Array<{ userId: string }>).map((p) => p.userId)).toContain(
      'therapist-3',
    );

    // A reconnecting client gets what it missed after its Last-Event-ID: the edit of a message it saw,
    // and (from an earlier id) the message itself, as it reads now.
    const replay = await stream('patient', s, { 'last-event-id': message.id! });
    expect(data(await replay.next((e) => e.event === 'message-edited'))).toMatchObject({
      chatMessageKey: 't-1',
      messageBody: 'How are you feeling today?',
    });
    expect(replay.events.some((e) => e.event === 'message')).toBe(false);
    const earlier = await stream('patient', s, { 'last-event-id': String(Number(message.id) - 1) });
    expect(data(await earlier.next((e) => e.event === 'message'))).toMatchObject({
      chatMessageKey: 't-1',
      messageBody: 'How are you feeling today?',
    });

    // Ending the chat ends every stream.
    await t.app.inject(as('therapist', { method: 'POST', url: '/chats/patient-01/end-chat' }));
    await patient.next((e) => e.event === 'ended');
    await patient.next((e) => e.event === 'closed');
    await therapist.next((e) => e.event === 'closed');
    const gone = await fetch(`${base}/chats/${s}/stream?token=x`);
    expect(gone.status).toBe(401);
  });

  it('closes the streams of a user whose chat tokens are revoked, and of a therapist who leaves', async () => {
    const s = await openChat(t.app, 'patient2', 'therapist');
    const patient = await stream('patient2', s);
    await t.app.inject(as('lead', { method: 'POST', url: '/chats/patient-03/invite/therapist-2' }));
    const invitee = await stream('therapist2', s);
    await t.app.inject(as('therapist2', { method: 'POST', url: '/chats/patient-03/leave-chat' }));
    await invitee.next((e) => e.event === 'ended');
    await invitee.next((e) => e.event === 'closed');

    await t.app.inject(as('patient2', { method: 'DELETE', url: '/patient/chat/token' }));
    await patient.next((e) => e.event === 'revoked');
    await patient.next((e) => e.event === 'closed');
    await t.app.inject(as('patient2', { method: 'POST', url: '/patient/chat/end-chat' }));
  });

  it('lets a patient wait on the stream of a pending request and tells them when it is accepted', async () => {
    const request = (
      await t.app.inject(
        as('patient', {
          method: 'POST',
          url: '/patient/chat/request-chat',
          payload: { message: 'Anyone there?' },
        }),
      )
    ).json() as { requestId: string };
    const patient = await stream('patient', request.requestId);
    await t.app.inject(
      as('therapist', { method: 'GET', url: `/therapist/chat-requests/${request.requestId}/accept` }),
    );
    const accepted = await patient.next((e) => e.event === 'session');
    expect(data(accepted)).toMatchObject({ chatSessionId: request.requestId, status: 'open' });
    expect((data(accepted).participants as Array<{ role: string }>).map((p) => p.role)).toEqual([
      'patient',
      'lead',
    ]);
    await t.app.inject(as('patient', { method: 'POST', url: '/patient/chat/end-chat' }));
    await patient.next((e) => e.event === 'ended');
  });

  it('refuses streams of people outside the chat', async () => {
    const s = await openChat(t.app);
    const token = (
      await t.app.inject(as('patient', { method: 'GET', url: '/patient/chat/token' }))
    ).json() as { token: string };
    // The right token for another session id is refused; so is a malformed session id.
    expect(
      (await fetch(`${base}/chats/someone-else/stream?token=${encodeURIComponent(token.token)}`)).status,
    ).toBe(403);
    expect(
      (await fetch(`${base}/chats/${'x'.repeat(65)}/stream?token=${encodeURIComponent(token.token)}`)).status,
    ).toBe(400);
    await t.app.inject(as('patient', { method: 'POST', url: '/patient/chat/end-chat' }));
    // An ended chat has no stream.
    const ended = await fetch(`${base}/chats/${s}/stream?token=${encodeURIComponent(token.token)}`);
    expect(ended.status).toBe(409);
  });
});

// Two server processes on one PostgreSQL database: what one accepts, the other streams (LISTEN/NOTIFY).
const databaseUrl = process.env.DATABASE_URL;

describe('live chat stream across two servers on PostgreSQL', () => {
  let instances: Instances | undefined;
  let apps: FastifyInstance[] = [];
  let testDb: { db: Db } | undefined;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    if (!databaseUrl) return;
    instances = await createInstances(2, { resolveUser: chatResolveUser });
    apps = instances.apps;
    testDb = instances;
    await seedChatWorld(instances.db);
  });
  afterAll(async () => {
    for (const r of readers) r.close();
    await instances?.close();
  });

  it.skipIf(!databaseUrl)(
    'delivers a message posted through instance A on a stream opened on instance B (skipped without DATABASE_URL: runs in npm run test:pg)',
    async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const baseA = await listen(a);
      const baseB = await listen(b);
      const s = await openChat(a);
      const token = (await b.inject(as('patient', { method: 'GET', url: '/patient/chat/token' }))).json() as {
        streamUrl: string;
      };
      const reader = await new SseReader().open(baseB + token.streamUrl);
      readers.push(reader);
      expect(reader.status).toBe(200);
      await reader.next((e) => e.event === 'ready');

      const sent = await fetch(`${baseA}/chats/${s}/messages/from-a-1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-test-user': 'therapist' },
        body: JSON.stringify({ messageBody: 'Sent through instance A' }),
      });
      expect(sent.status).toBe(200);
      const message = await reader.next((e) => e.event === 'message');
      expect(data(message)).toMatchObject({
        chatSessionId: s,
        chatMessageKey: 'from-a-1',
        senderId: 'therapist-1',
        messageBody: 'Sent through instance A',
      });

      await fetch(`${baseA}/chats/${s}/messages/from-a-1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-test-user': 'therapist' },
        body: JSON.stringify({ messageBody: 'Edited through instance A' }),
      });
      const edited = await reader.next((e) => e.event === 'message-edited');
      expect(data(edited)).toMatchObject({ messageBody: 'Edited through instance A' });

      await a.inject(as('therapist', { method: 'POST', url: `/chats/${s}/action/markAllAsRead` }));
      const read = await reader.next((e) => e.event === 'read');
      expect(data(read)).toMatchObject({ chatSessionId: s, userId: 'therapist-1' });

      // The LISTEN connections drop (B's, and A's: every instance listens, e.g. for session revocations): B
      // closes its streams so the browser reconnects and catches up on what was sent meanwhile (Last-Event-ID).
      // Only this test's database: other test files run beside it on the same PostgreSQL server.
      const { rows } = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where query = ${`LISTEN ${CHAT_CHANNEL}`} and datname = current_database() and pid <> pg_backend_pid()`.execute(
        testDb!.db,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      await reader.next((e) => e.event === 'closed');
      await fetch(`${baseA}/chats/${s}/messages/from-a-2`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-test-user': 'therapist' },
        body: JSON.stringify({ messageBody: 'Sent while B was reconnecting' }),
      });
      const token2 = (
        await b.inject(as('patient', { method: 'GET', url: '/patient/chat/token' }))
      ).json() as { streamUrl: string };
      const again = await new SseReader().open(baseB + token2.streamUrl, { 'last-event-id': edited.id! });
      readers.push(again);
      expect(data(await again.next((e) => e.event === 'message'))).toMatchObject({
        chatMessageKey: 'from-a-2',
        messageBody: 'Sent while B was reconnecting',
      });
      await again.next((e) => e.event === 'ready');
      await fetch(`${baseA}/chats/${s}/messages/from-a-3`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-test-user': 'therapist' },
        body: JSON.stringify({ messageBody: 'Live again' }),
      });
      expect(
        data(await again.next((e) => e.event === 'message' && data(e).chatMessageKey === 'from-a-3')),
      ).toMatchObject({ messageBody: 'Live again' });

      await a.inject(as('therapist', { method: 'POST', url: '/chats/patient-01/end-chat' }));
      await again.next((e) => e.event === 'ended');
    },
  );
});
