import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, seedChatWorld } from '../chats/test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(t.db);
});
afterAll(async () => t?.close());

describe('patient chat', () => {
  it('requests a chat with the transport flag, then refuses a second one with 409 chat_exists', async () => {
    const { res, body } = await callContract(
      t.app,
      'requestChat',
      as('patient', {
        method: 'POST',
        url: '/patient/chat/request-chat?chatTransport=poll',
        payload: { message: 'Hello, can we talk?' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({
      patientId: 'patient-01',
      patientName: 'Sam Taylor',
      message: 'Hello, can we talk?',
      emergency: false,
      chatTransport: 'poll',
    });
    const again = await callContract(
      t.app,
      'requestChat',
      as('patient', { method: 'POST', url: '/patient/chat/request-chat', payload: { message: 'Again' } }),
    );
    expect(again.res.statusCode).toBe(409);
    expect(again.body.code).toBe('chat_exists');

    const state = await callContract(
      t.app,
      'getMyChatState',
      as('patient', { method: 'GET', url: '/patient/chat/exists' }),
    );
    expect(state.body).toEqual({
      exists: true,
      status: 'requested',
      chatSessionId: null,
      requestId: body.requestId,
    });
    // Another patient sees only their own state.
    const other = await callContract(
      t.app,
      'getMyChatState',
      as('patient2', { method: 'GET', url: '/patient/chat/exists' }),
    );
    expect(other.body).toEqual({ exists: false, status: 'none', chatSessionId: null, requestId: null });

    // The opening message is the request's first chat message, in the patient's history.
    const history = await callContract(
      t.app,
      'getMyChatHistory',
      as('patient', { method: 'GET', url: '/patient/chat/v1/history' }),
    );
    expect(history.body.sessions).toHaveLength(1);
    expect(history.body.sessions[0].messages.map((m: { messageBody: string }) => m.messageBody)).toEqual([
      'Hello, can we talk?',
    ]);
    const otherHistory = await callContract(
      t.app,
      'getMyChatHistory',
      as('patient2', { method: 'GET', url: '/patient/chat/v1/history' }),
    );
    expect(otherHistory.body.sessions).toEqual([]);

    // Withdraw (idempotent).
    for (let i = 0; i < 2; i++) {
      const end = await callContract(
        t.app,
        'endMyChat',
        as('patient', { method: 'POST', url: '/patient/chat/end-chat' }),
      );
      expect(end.res.statusCode).toBe(204);
    }
    const after = await callContract(
      t.app,
      'getMyChatState',
      as('patient', { method: 'GET', url: '/patient/chat/exists' }),
    );
    expect(after.body.status).toBe('none');
  });

  it('refuses bad input and other roles', async () => {
    const blank = await callContract(
      t.app,
      'requestChat',
      as('patient2', { method: 'POST', url: '/patient/chat/request-chat', payload: { message: '   ' } }),
    );
    expect(blank.res.statusCode).toBe(400);
    const missing = await callContract(
      t.app,
      'requestChat',
      as('patient2', { method: 'POST', url: '/patient/chat/request-chat', payload: {} }),
    );
    expect(missing.res.statusCode).toBe(400);
    const flag = await callContract(
      t.app,
      'requestChat',
      as('patient2', {
        method: 'POST',
        url: '/patient/chat/request-chat?chatTransport=pigeon',
        payload: { message: 'x' },
      }),
    );
    expect(flag.res.statusCode).toBe(400);
    const long = await callContract(
      t.app,
      'requestEmergencyChat',
      as('patient2', {
        method: 'POST',
        url: '/patient/chat/request-emergency-chat',
        payload: { message: 'x'.repeat(2001) },
      }),
    );
    expect(long.res.statusCode).toBe(400);
    const anonymous = await callContract(t.app, 'requestChat', {
      method: 'POST',
      url: '/patient/chat/request-chat',
      payload: { message: 'x' },
    });
    expect(anonymous.res.statusCode).toBe(401);
    const therapist = await callContract(
      t.app,
      'requestChat',
      as('therapist', { method: 'POST', url: '/patient/chat/request-chat', payload: { message: 'x' } }),
    );
    expect(therapist.res.statusCode).toBe(403);
    for (const [operationId, method, url] of [
      ['getMyChatState', 'GET', '/patient/chat/exists'],
      ['getPatientChatToken', 'GET', '/patient/chat/token'],
      ['revokePatientChatToken', 'DELETE', '/patient/chat/token'],
      ['endMyChat', 'POST', '/patient/chat/end-chat'],
      ['getMyChatHistory', 'GET', '/patient/chat/v1/history'],
      ['requestEmergencyChat', 'POST', '/patient/chat/request-emergency-chat'],
    ] as const) {
      const res = await callContract(
        t.app,
        operationId,
        as('admin', { method, url, ...(method === 'POST' ? { payload: { message: 'x' } } : {}) }),
      );
      expect(res.res.statusCode, operationId).toBe(403);
      const anon = await callContract(t.app, operationId, {
        method,
        url,
        ...(method === 'POST' ? { payload: { message: 'x' } } : {}),
      });
      expect(anon.res.statusCode, operationId).toBe(401);
    }
    const badState = await callContract(
      t.app,
      'getMyChatState',
      as('patient2', { method: 'GET', url: '/patient/chat/exists?chatTransport=smoke' }),
    );
    expect(badState.res.statusCode).toBe(400);
    const stillNone = await callContract(
      t.app,
      'getMyChatState',
      as('patient2', { method: 'GET', url: '/patient/chat/exists' }),
    );
    expect(stillNone.body.status).toBe('none');
  });

  it('emergency requests flag the patient high-risk, upgrade an open request and carry crisis lines', async () => {
    const first = await callContract(
      t.app,
      'requestChat',
      as('patient2', {
        method: 'POST',
        url: '/patient/chat/request-chat',
        payload: { message: 'Not a good day' },
      }),
    );
    expect(first.res.statusCode).toBe(201);
    const urgent = await callContract(
      t.app,
      'requestEmergencyChat',
      as('patient2', {
        method: 'POST',
        url: '/patient/chat/request-emergency-chat',
        payload: { message: 'I need help now' },
      }),
    );
    expect(urgent.res.statusCode).toBe(201);
    expect(urgent.body.requestId).toBe(first.body.requestId);
    expect(urgent.body.emergency).toBe(true);
    expect(urgent.body.crisisLines.length).toBeGreaterThan(0);
    expect(urgent.body.crisisLines[0]).toMatchObject({ name: expect.any(String), phone: expect.any(String) });
    const patient = await t.db
      .selectFrom('patients')
      .select('high_risk')
      .where('id', '=', 'patient-03')
      .executeTakeFirstOrThrow();
    expect(patient.high_risk).toBe(true);
    const history = await callContract(
      t.app,
      'getMyChatHistory',
      as('patient2', { method: 'GET', url: '/patient/chat/v1/history' }),
    );
    expect(history.body.sessions[0].messages.map((m: { messageBody: string }) => m.messageBody)).toEqual([
      'Not a good day',
      'I need help now',
    ]);
    await callContract(t.app, 'endMyChat', as('patient2', { method: 'POST', url: '/patient/chat/end-chat' }));
  });

  it('issues a chat token only for an open chat, and revokes every token of the caller', async () => {
    const none = await callContract(
      t.app,
      'getPatientChatToken',
      as('patient', { method: 'GET', url: '/patient/chat/token' }),
    );
    expect(none.res.statusCode).toBe(404);
    const req = await callContract(
      t.app,
      'requestChat',
      as('patient', { method: 'POST', url: '/patient/chat/request-chat', payload: { message: 'Hi' } }),
    );
    const token = await callContract(
      t.app,
      'getPatientChatToken',
      as('patient', { method: 'GET', url: '/patient/chat/token' }),
    );
    expect(token.res.statusCode).toBe(200);
    expect(token.body.chatSessionId).toBe(req.body.requestId);
    expect(token.body.streamUrl).toBe(
      `/chats/${req.body.requestId}/stream?token=${encodeURIComponent(token.body.token)}`,
    );
    expect(new Date(token.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const revoke = await callContract(
      t.app,
      'revokePatientChatToken',
      as('patient', { method: 'DELETE', url: '/patient/chat/token' }),
    );
    expect(revoke.res.statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('chat_tokens')
      .select(['revoked_at', 'user_id'])
      .where('user_id', '=', 'patient-01')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    // The revoked token no longer opens the stream.
    const stream = await t.app.inject({ method: 'GET', url: token.body.streamUrl });
    expect(stream.statusCode).toBe(401);
    expect(stream.json().code).toBe('invalid_token');
    await callContract(t.app, 'endMyChat', as('patient', { method: 'POST', url: '/patient/chat/end-chat' }));
  });
});
