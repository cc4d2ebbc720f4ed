import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { chatTestApp } from '../chats/test-support.ts';

const chat = chatTestApp();
const { op } = chat;
let t: TestApp;
beforeAll(() => ({ t } = chat));

describe('patient chat', () => {
  it('requests a chat with the transport flag, then refuses a second one with 409 chat_exists', async () => {
    const { res, body } = await op('patient', 'requestChat', {
      query: { chatTransport: 'poll' },
      payload: { message: 'Hello, can we talk?' },
    });
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({
      patientId: 'patient-01',
      patientName: 'Sam Taylor',
      message: 'Hello, can we talk?',
      emergency: false,
      chatTransport: 'poll',
    });
    const again = await op('patient', 'requestChat', { payload: { message: 'Again' } });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.code).toBe('chat_exists');

    const state = await op('patient', 'getMyChatState');
    expect(state.body).toEqual({
      exists: true,
      status: 'requested',
      chatSessionId: null,
      requestId: body.requestId,
    });
    // Another patient sees only their own state.
    const other = await op('patient2', 'getMyChatState');
    expect(other.body).toEqual({ exists: false, status: 'none', chatSessionId: null, requestId: null });

    // The opening message is the request's first chat message, in the patient's history.
    const history = await op('patient', 'getMyChatHistory');
    expect(history.body.sessions).toHaveLength(1);
    expect(history.body.sessions[0].messages.map((m: { messageBody: string }) => m.messageBody)).toEqual([
      'Hello, can we talk?',
    ]);
    const otherHistory = await op('patient2', 'getMyChatHistory');
    expect(otherHistory.body.sessions).toEqual([]);

    // Withdraw (idempotent).
    for (let i = 0; i < 2; i++) expect(await op.status('patient', 'endMyChat')).toBe(204);
    const after = await op('patient', 'getMyChatState');
    expect(after.body.status).toBe('none');
  });

  it('refuses bad input and other roles', async () => {
    expect(await op.status('patient2', 'requestChat', { payload: { message: '   ' } })).toBe(400);
    expect(await op.status('patient2', 'requestChat', { payload: {} })).toBe(400);
    const flag = await op.status('patient2', 'requestChat', {
      query: { chatTransport: 'pigeon' },
      payload: { message: 'x' },
    });
    expect(flag).toBe(400);
    const long = await op.status('patient2', 'requestEmergencyChat', {
      payload: { message: 'x'.repeat(2001) },
    });
    expect(long).toBe(400);
    expect(await op.status(null, 'requestChat', { payload: { message: 'x' } })).toBe(401);
    expect(await op.status('therapist', 'requestChat', { payload: { message: 'x' } })).toBe(403);
    for (const [operationId, method] of [
      ['getMyChatState', 'GET'],
      ['getPatientChatToken', 'GET'],
      ['revokePatientChatToken', 'DELETE'],
      ['endMyChat', 'POST'],
      ['getMyChatHistory', 'GET'],
      ['requestEmergencyChat', 'POST'],
    ] as const) {
      const options = method === 'POST' ? { payload: { message: 'x' } } : {};
      expect(await op.status('admin', operationId, options), operationId).toBe(403);
      expect(await op.status(null, operationId, options), operationId).toBe(401);
    }
    expect(await op.status('patient2', 'getMyChatState', { query: { chatTransport: 'smoke' } })).toBe(400);
    const stillNone = await op('patient2', 'getMyChatState');
    expect(stillNone.body.status).toBe('none');
  });

  it('emergency requests flag the patient high-risk, upgrade an open request and carry crisis lines', async () => {
    const first = await op('patient2', 'requestChat', { payload: { message: 'Not a good day' } });
    expect(first.res.statusCode).toBe(201);
    const urgent = await op('patient2', 'requestEmergencyChat', { payload: { message: 'I need help now' } });
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
    const history = await op('patient2', 'getMyChatHistory');
    expect(history.body.sessions[0].messages.map((m: { messageBody: string }) => m.messageBody)).toEqual([
      'Not a good day',
      'I need help now',
    ]);
    await op('patient2', 'endMyChat');
  });

  it('issues a chat token only for an open chat, and revokes every token of the caller', async () => {
    expect(await op.status('patient', 'getPatientChatToken')).toBe(404);
    const req = await op('patient', 'requestChat', { payload: { message: 'Hi' } });
    const token = await op('patient', 'getPatientChatToken');
    expect(token.res.statusCode).toBe(200);
    expect(token.body.chatSessionId).toBe(req.body.requestId);
    expect(token.body.streamUrl).toBe(
      `/chats/${req.body.requestId}/stream?token=${encodeURIComponent(token.body.token)}`,
    );
    expect(new Date(token.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await op.status('patient', 'revokePatientChatToken')).toBe(204);
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
    await op('patient', 'endMyChat');
  });
});
