import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@tend/api/http';
import type { AuthUser } from '../session/types.ts';
import { createSignInFlow, type SignInPorts } from './signInFlow.ts';

class FakeApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    public details?: Record<string, unknown>,
    public headers?: Headers,
  ) {
    super(code);
  }
}

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);

function user(scopes: string[]): AuthUser {
  return { uid: 'u1', email: 'therapist@example.com', scopes, signedInAt: NOW };
}

function fakePorts(overrides: Partial<SignInPorts> = {}) {
  const ports: SignInPorts = {
    signInWithPassword: vi.fn(async () => 'id-token-1'),
    currentIdToken: vi.fn(async () => 'id-token-2'),
    requestCustomToken: vi.fn(async () => 'custom-token'),
    mfaOptions: vi.fn(async () => []),
    sendEmailCode: vi.fn(async () => ({ challengeId: 'ch1' })),
    signInWithCustomToken: vi.fn(async () => user(['therapist'])),
    signOut: vi.fn(async () => undefined),
    now: () => NOW,
    ...overrides,
  };
  return ports;
}

const therapistScopes = { required: ['therapist'] };

/**
 * A therapist's flow at the code step: the server asked for a TOTP code after the password; its next answers to
 * the token request are `later` (each refused with the error given).
 */
async function atCodeStep(...later: Error[]) {
  const requestCustomToken = vi.fn().mockRejectedValueOnce(
    new FakeApiError(401, 'mfa_required', {
      options: [{ type: 'otp', id: 's', label: 'x', isDefault: true }],
    }),
  );
  for (const error of later) requestCustomToken.mockRejectedValueOnce(error);
  const ports = fakePorts({ requestCustomToken });
  const flow = createSignInFlow(ports, { scopes: therapistScopes });
  await flow.submitCredentials('a@b.c', 'pw');
  return { ports, flow };
}

describe('sign-in flow', () => {
  it('signs in without a second factor: password → customToken with the scopes → signInWithCustomToken', async () => {
    const ports = fakePorts();
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    const seen: string[] = [];
    flow.subscribe((s) => seen.push(`${s.step}:${s.busy}`));
    await flow.submitCredentials('  therapist@example.com ', 'Tend-demo-2026');
    expect(ports.signInWithPassword).toHaveBeenCalledWith('therapist@example.com', 'Tend-demo-2026');
    expect(ports.requestCustomToken).toHaveBeenCalledWith({
      idToken: 'id-token-1',
      scopes: ['therapist'],
      mfaChallengeResponse: undefined,
    });
    expect(ports.signInWithCustomToken).toHaveBeenCalledWith('custom-token');
    expect(flow.getState()).toMatchObject({ step: 'signedIn', user: { scopes: ['therapist'] } });
    expect(seen).toEqual(['credentials:true', 'signedIn:false']);
    expect(JSON.stringify(flow.getState())).not.toContain('Tend-demo-2026');
  });

  it('asks for the second factor on mfa_required, with the options of the error, then sends the code', async () => {
    const requestCustomToken = vi
      .fn<SignInPorts['requestCustomToken']>()
      .mockRejectedValueOnce(
        new FakeApiError(401, 'mfa_required', {
          options: [
            { type: 'email', id: 'email', label: 't***@example.com', default: false },
            { type: 'totp', id: 's1', label: 'Phone', default: true },
          ],
        }),
      )
      .mockResolvedValueOnce('custom-token');
    const ports = fakePorts({ requestCustomToken });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('therapist@example.com', 'pw');
    const state = flow.getState();
    expect(state.step).toBe('mfa');
    if (state.step !== 'mfa') throw new Error('unreachable');
    expect(state.method).toEqual({ type: 'totp', configurationId: 's1', label: 'Phone', isDefault: true });
    expect(state.options).toHaveLength(2);
    expect(ports.mfaOptions).not.toHaveBeenCalled();
    expect(ports.sendEmailCode).not.toHaveBeenCalled();

    await flow.submitCode('123 456');
    expect(requestCustomToken).toHaveBeenLastCalledWith({
      idToken: 'id-token-2',
      scopes: ['therapist'],
      mfaChallengeResponse: 'totp:s1:123456',
    });
    expect(flow.getState().step).toBe('signedIn');
  });

  it('reads /iams/mfa/options when the error lists none, and sends the e-mail code when e-mail is the default', async () => {
    const ports = fakePorts({
      requestCustomToken: vi.fn().mockRejectedValueOnce(new FakeApiError(401, 'mfa_required')),
      mfaOptions: vi.fn(async () => [{ type: 'email' as const, label: 'm***@example.com', isDefault: true }]),
      signInWithCustomToken: vi.fn(async () => user(['patient'])),
    });
    const flow = createSignInFlow(ports, { scopes: { required: ['patient'] } });
    await flow.submitCredentials('mfa-email@example.com', 'pw');
    expect(ports.mfaOptions).toHaveBeenCalled();
    expect(ports.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(flow.getState()).toMatchObject({
      step: 'mfa',
      method: { type: 'email' },
      emailCodeSentAt: NOW,
      emailChallengeId: 'ch1',
    });
    await flow.sendEmailCode();
    expect(ports.sendEmailCode).toHaveBeenCalledTimes(2);
    await flow.submitCode('246810');
    expect(ports.requestCustomToken).toHaveBeenLastCalledWith(
      expect.objectContaining({ mfaChallengeResponse: 'email:ch1:246810', scopes: ['patient'] }),
    );
  });

  it('sends the e-mail code when the user switches to the e-mail challenge, once', async () => {
    const ports = fakePorts({
      requestCustomToken: vi.fn().mockRejectedValueOnce(
        new FakeApiError(401, 'mfa_required', {
          options: [
            { type: 'otp', configurationId: 's1', label: 'Phone', isDefault: true },
            { type: 'email', label: 'e', isDefault: false },
          ],
        }),
      ),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('a@b.c', 'pw');
    await flow.chooseMethod({ type: 'email', label: 'e', isDefault: false });
    await flow.chooseMethod({ type: 'totp', configurationId: 's1', label: 'Phone', isDefault: true });
    await flow.chooseMethod({ type: 'email', label: 'e', isDefault: false });
    expect(ports.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(flow.getState()).toMatchObject({ method: { type: 'email' } });
  });

  it('refuses a code that is not six digits without asking the server', async () => {
    const { ports, flow } = await atCodeStep();
    await flow.submitCode('12a456');
    expect(flow.getState()).toMatchObject({ step: 'mfa', problem: { key: 'codeFormat' } });
    expect(ports.requestCustomToken).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong code with the attempts left and stays on the code step', async () => {
    const { flow } = await atCodeStep(new FakeApiError(401, 'mfa_invalid', { attemptsLeft: 3 }));
    await flow.submitCode('000000');
    expect(flow.getState()).toMatchObject({
      step: 'mfa',
      busy: false,
      problem: { key: 'invalidCode', attemptsLeft: 3 },
    });
  });

  it('on 429 keeps when to try again (Retry-After) and ignores submissions until then', async () => {
    const { ports, flow } = await atCodeStep(
      new ApiError({ status: 429, code: 'rate_limited', message: 'x', retryAfter: 120 }),
    );
    await flow.submitCode('000000');
    expect(flow.getState()).toMatchObject({ problem: { key: 'tooManyAttempts', retryAt: NOW + 120_000 } });
    await flow.submitCode('111111');
    expect(ports.requestCustomToken).toHaveBeenCalledTimes(2);
  });

  it('shows wrong credentials and never asks the server for a token', async () => {
    const ports = fakePorts({
      signInWithPassword: vi
        .fn()
        .mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/invalid-credential' })),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('a@b.c', 'wrong');
    expect(flow.getState()).toMatchObject({
      step: 'credentials',
      email: 'a@b.c',
      problem: { key: 'invalidCredentials' },
    });
    expect(ports.requestCustomToken).not.toHaveBeenCalled();
    expect(ports.signOut).not.toHaveBeenCalled();
  });

  it('refuses a patient at the therapist console with a clear problem and signs the attempt out', async () => {
    const ports = fakePorts({
      requestCustomToken: vi
        .fn()
        .mockRejectedValue(new FakeApiError(403, 'scope_not_granted', { scopes: ['therapist'] })),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('patient@example.com', 'pw');
    expect(flow.getState()).toMatchObject({ step: 'credentials', problem: { key: 'wrongPortal' } });
    expect(ports.signOut).toHaveBeenCalled();
  });

  it('refuses a session whose token lacks the app scope even if the server minted one', async () => {
    const ports = fakePorts({ signInWithCustomToken: vi.fn(async () => user(['patient'])) });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('patient@example.com', 'pw');
    expect(flow.getState()).toMatchObject({ step: 'credentials', problem: { key: 'wrongPortal' } });
    expect(ports.signOut).toHaveBeenCalled();
  });

  it('asks for optional scopes only when held: drops a refused optional scope and asks again', async () => {
    const requestCustomToken = vi
      .fn<SignInPorts['requestCustomToken']>()
      .mockRejectedValueOnce(new FakeApiError(403, 'scope_not_granted', { scopes: ['data-export'] }))
      .mockResolvedValueOnce('custom-token');
    const ports = fakePorts({
      requestCustomToken,
      signInWithCustomToken: vi.fn(async () => user(['admin'])),
    });
    const flow = createSignInFlow(ports, { scopes: { required: ['admin'], optional: ['data-export'] } });
    await flow.submitCredentials('admin@example.com', 'pw');
    expect(requestCustomToken.mock.calls.map((c) => c[0].scopes)).toEqual([
      ['admin', 'data-export'],
      ['admin'],
    ]);
    expect(flow.getState().step).toBe('signedIn');
  });

  it('goes to enrolment when a therapist has no second factor, then asks for a code of the new one', async () => {
    const ports = fakePorts({
      requestCustomToken: vi
        .fn()
        .mockRejectedValueOnce(new FakeApiError(403, 'mfa_enrolment_required', { options: [] }))
        .mockResolvedValueOnce('custom-token'),
      mfaOptions: vi.fn(async () => [
        { type: 'totp' as const, configurationId: 'new', label: 'Phone', isDefault: true },
      ]),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('new-therapist@example.com', 'pw');
    expect(flow.getState().step).toBe('enrol');
    await flow.enrolled();
    expect(flow.getState()).toMatchObject({ step: 'mfa', method: { configurationId: 'new' } });
    await flow.submitCode('654321');
    expect(flow.getState().step).toBe('signedIn');
  });

  it('restart signs the half-finished sign-in out and returns to the credentials', async () => {
    const { ports, flow } = await atCodeStep();
    await flow.restart();
    expect(ports.signOut).toHaveBeenCalled();
    expect(flow.getState()).toEqual({ step: 'credentials', busy: false, email: 'a@b.c' });
  });

  it('reports a network failure as such', async () => {
    const ports = fakePorts({
      requestCustomToken: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('a@b.c', 'pw');
    expect(flow.getState()).toMatchObject({ problem: { key: 'network' } });
  });
});

describe('mfa_required as the contract writes it', () => {
  it('reads the options from the Error body (options.options)', async () => {
    const error = Object.assign(new FakeApiError(401, 'mfa_required'), {
      body: {
        code: 'mfa_required',
        message: 'x',
        options: { options: [{ type: 'totp', id: 'abc', label: 'Work phone', default: true }] },
      },
    });
    const ports = fakePorts({
      requestCustomToken: vi.fn().mockRejectedValueOnce(error).mockResolvedValueOnce('t'),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('a@b.c', 'pw');
    expect(flow.getState()).toMatchObject({
      step: 'mfa',
      method: { type: 'totp', configurationId: 'abc', label: 'Work phone' },
    });
    expect(ports.mfaOptions).not.toHaveBeenCalled();
  });

  it('reads details.retryAfter when the header is absent', async () => {
    const ports = fakePorts({
      signInWithPassword: vi
        .fn()
        .mockRejectedValue(new FakeApiError(429, 'rate_limited', { retryAfter: 30 })),
    });
    const flow = createSignInFlow(ports, { scopes: therapistScopes });
    await flow.submitCredentials('a@b.c', 'pw');
    expect(flow.getState().problem).toEqual({
      key: 'tooManyAttempts',
      attemptsLeft: undefined,
      retryAt: NOW + 30_000,
    });
  });
});
