import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, signInWithPassword, type RunningEmulator } from './auth-emulator.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
});
afterAll(async () => emulator?.stop());

describe('auth emulator helper', () => {
  it('starts on a free port and signs up and in', async () => {
    const r = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', password: 'secret-123', returnSecureToken: true }),
    });
    expect(r.status).toBe(200);
    expect(await signInWithPassword(emulator.host, 'x@example.com', 'secret-123')).toMatch(/\./);
  });
});
