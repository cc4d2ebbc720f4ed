import { describe, expect, it } from 'vitest';
import { ApiError } from '@tend/api/http';
import { describeProblem, problem } from './problems.ts';

const api = (status: number, code: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, code, message: 'server text', ...extra });

describe('the sign-in wording of a problem (read by toProblem)', () => {
  it("words the contract's codes", () => {
    expect(describeProblem(api(401, 'mfa_invalid', { details: { attemptsLeft: 2 } }))).toEqual({
      key: 'invalidCode',
      attemptsLeft: 2,
      retryAt: undefined,
    });
    expect(describeProblem(api(400, 'invalid_code')).key).toBe('invalidCode');
    expect(describeProblem(api(429, 'challenge_exhausted')).key).toBe('codeExpired');
    expect(describeProblem(api(429, 'too_many_codes')).key).toBe('tooManyCodes');
    expect(describeProblem(api(403, 'scope_not_granted')).key).toBe('wrongPortal');
    expect(describeProblem(api(403, 'mfa_enrolment_required')).key).toBe('mfaEnrolmentRequired');
    expect(describeProblem(api(401, 'reauthentication_required')).key).toBe('reauthenticationRequired');
    expect(describeProblem(api(429, 'rate_limited', { retryAfter: 10 }), 1_000)).toEqual({
      key: 'tooManyAttempts',
      attemptsLeft: undefined,
      retryAt: 11_000,
    });
  });

  it('words any other answer by its kind: codes the contract does not define get no wording of their own', () => {
    expect(describeProblem(api(403, 'forbidden')).key).toBe('wrongPortal');
    expect(describeProblem(api(400, 'invalid_credentials')).key).toBe('unknown');
    expect(describeProblem(api(503, 'unavailable')).key).toBe('serverUnavailable');
    expect(describeProblem(api(502, 'http_502')).key).toBe('serverUnavailable');
    expect(describeProblem(api(0, 'network_error')).key).toBe('network');
    expect(describeProblem(new TypeError('Failed to fetch')).key).toBe('network');
    expect(describeProblem(new Error('boom')).key).toBe('unknown');
  });

  it("words Firebase's codes", () => {
    expect(describeProblem({ code: 'auth/invalid-credential' }).key).toBe('invalidCredentials');
    expect(describeProblem({ code: 'auth/user-disabled' }).key).toBe('accountDisabled');
    expect(describeProblem({ code: 'auth/too-many-requests' }).key).toBe('tooManyAttempts');
    expect(describeProblem({ code: 'auth/requires-recent-login' }).key).toBe('sessionExpired');
    expect(describeProblem({ code: 'auth/something-new' }).key).toBe('unknown');
  });

  it('passes a problem the flow raised itself through', () => {
    expect(describeProblem(problem('codeFormat'))).toEqual({ key: 'codeFormat' });
  });
});
