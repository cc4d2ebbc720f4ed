import { CancelledError } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@tend/api/http';
import { ErrorCode } from '@tend/api/model';
import en from './locales/en.json';
import { fieldMessagesOf, formErrorsOf, formFieldPath } from './fields.ts';
import { PROBLEM_KINDS, toProblem } from './toProblem.ts';
import { wordingOf } from './wording.ts';

const api = (init: ConstructorParameters<typeof ApiError>[0]) => new ApiError(init);
/** The problem of an API answer with this status and code (and more of the error, as `extra`). */
const problemOf = (
  status: number,
  code: string,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => toProblem(api({ status, code, message: 'x', ...extra }));

afterEach(() => vi.unstubAllGlobals());

describe('toProblem', () => {
  it('reads a validation failure: kind, message key and field errors with form paths', () => {
    const p = problemOf(400, 'invalid_request', {
      message: 'Bad',
      details: {
        fields: { 'body.mood': 'must be ≤ 5', 'query.email': 'is not an e-mail', 'body.items[2]': 'x' },
      },
    });
    expect(p).toMatchObject({
      kind: 'invalid',
      source: 'api',
      status: 400,
      code: 'invalid_request',
      contractCode: true,
      retryable: false,
    });
    expect(p.messageKey).toBe('problem.codes.invalid_request');
    expect(p.fields).toEqual({ mood: 'must be ≤ 5', email: 'is not an e-mail', 'items.2': 'x' });
    expect(formErrorsOf(p, ['mood'])).toEqual({ mood: 'must be ≤ 5' });
    expect(p.serverMessage).toBe('Bad');
  });

  it('keeps the current version of a 412 and its ETag', () => {
    const current = { name: 'Stored', etag: 'v2' };
    const p = problemOf(412, 'etag_mismatch', { etag: 'v2', details: { currentEtag: 'v2', current } });
    expect(p).toMatchObject({
      kind: 'versionConflict',
      etag: 'v2',
      current,
      messageKey: 'problem.codes.etag_mismatch',
    });
  });

  it('dates retry-after and reads the attempts left', () => {
    const p = toProblem(
      api({
        status: 429,
        code: 'too_many_attempts',
        message: 'x',
        retryAfter: 30,
        details: { attemptsLeft: 0 },
      }),
      1_000,
    );
    expect(p).toMatchObject({
      kind: 'rateLimited',
      retryAfter: 30,
      retryAt: 31_000,
      attemptsLeft: 0,
      retryable: true,
    });
    const wrong = problemOf(401, 'mfa_invalid', { details: { attemptsLeft: 3 } });
    expect(wrong).toMatchObject({
      kind: 'unauthenticated',
      attemptsLeft: 3,
      messageKey: 'problem.codes.mfa_invalid',
    });
  });

  it('falls back to the meaning of the status for a code the contract does not list', () => {
    const p = problemOf(409, 'some_future_code');
    expect(p).toMatchObject({ kind: 'conflict', contractCode: false, messageKey: 'problem.kinds.conflict' });
    expect(problemOf(502, 'http_502')).toMatchObject({ kind: 'server', retryable: true });
    expect(problemOf(503, 'unavailable')).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(problemOf(200, 'invalid_response')).toMatchObject({ kind: 'server' });
  });

  it('tells offline from a network failure', () => {
    expect(problemOf(0, 'network_error')).toMatchObject({
      kind: 'network',
      source: 'network',
      retryable: true,
    });
    vi.stubGlobal('navigator', { onLine: false });
    expect(problemOf(0, 'network_error')).toMatchObject({ kind: 'offline' });
    expect(toProblem(new TypeError('Failed to fetch'))).toMatchObject({
      kind: 'offline',
      code: 'network_error',
    });
  });

  it('reads Firebase errors by their code, cancellations and anything else', () => {
    expect(toProblem({ code: 'auth/invalid-credential', message: 'x' })).toMatchObject({
      kind: 'invalid',
      source: 'firebase',
      code: 'auth/invalid-credential',
    });
    expect(toProblem({ code: 'auth/user-disabled' })).toMatchObject({ kind: 'forbidden' });
    expect(toProblem({ code: 'auth/too-many-requests' })).toMatchObject({ kind: 'rateLimited' });
    expect(toProblem(new CancelledError())).toMatchObject({ kind: 'cancelled' });
    expect(toProblem(new DOMException('aborted', 'AbortError'))).toMatchObject({ kind: 'cancelled' });
    expect(toProblem(new Error('boom'))).toMatchObject({
      kind: 'unknown',
      retryable: false,
      messageKey: 'problem.kinds.unknown',
    });
    expect(toProblem(undefined)).toMatchObject({ kind: 'unknown' });
  });

  it('reads an ApiError-shaped object (a structural stand-in)', () => {
    expect(toProblem({ status: 403, code: 'scope_not_granted', message: 'x', details: {} })).toMatchObject({
      kind: 'forbidden',
      code: 'scope_not_granted',
    });
  });

  it("reads a stand-in as the fetcher would: details.retryAfter without a header, the Error body's MFA options", () => {
    expect(
      toProblem({ status: 429, code: 'rate_limited', details: { retryAfter: 30 } }, 1_000),
    ).toMatchObject({ retryAfter: 30, retryAt: 31_000 });
    const options = { options: [{ type: 'totp', id: 's1', label: 'Phone', default: true }] };
    expect(
      toProblem({ status: 401, code: 'mfa_required', body: { code: 'mfa_required', options } }).mfaOptions,
    ).toEqual(options);
  });

  it("keeps the server's details for the screens that read one (refused scopes)", () => {
    const p = problemOf(403, 'scope_not_granted', { details: { scopes: ['data-export'] } });
    expect(p.details).toEqual({ scopes: ['data-export'] });
  });

  it('has a translated message for every code of the contract and every kind', () => {
    expect(Object.values(ErrorCode).filter((code) => !(code in en.codes))).toEqual([]);
    expect(Object.keys(en.codes).filter((code) => !(code in ErrorCode))).toEqual([]);
    for (const kind of PROBLEM_KINDS) {
      expect(en.kinds).toHaveProperty(kind);
    }
  });

  it("words the refused fields in the screen's own sentences, never the server's reasons", () => {
    const p = problemOf(400, 'invalid_request', {
      message: 'Bad',
      details: { fields: { 'body.mood': 'must be ≤ 5', 'body.items[2]': 'x', 'body.note': 'too long' } },
    });
    expect(
      fieldMessagesOf(p, 'Please check this.', { items: 'Check each item.', note: 'Shorter, please.' }),
    ).toEqual({ mood: 'Please check this.', 'items.2': 'Check each item.', note: 'Shorter, please.' });
    expect(fieldMessagesOf(p, 'Please check this.', {}, ['mood'])).toEqual({ mood: 'Please check this.' });
    expect(Object.values(fieldMessagesOf(p, 'Check.'))).not.toContain('must be ≤ 5');
  });

  it("picks a screen's own words by code, then by kind, else none", () => {
    const wording = { codes: { invalid_token: 'link' }, kinds: { network: 'offline words' } };
    expect(wordingOf(problemOf(403, 'invalid_token'), wording)).toBe('link');
    expect(wordingOf(problemOf(0, 'network_error'), wording)).toBe('offline words');
    expect(wordingOf(problemOf(404, 'not_found'), wording)).toBeUndefined();
    expect(
      wordingOf(toProblem({ code: 'auth/user-disabled' }), { codes: { 'auth/user-disabled': 'off' } }),
    ).toBe('off');
  });

  it('normalises field paths', () => {
    expect(formFieldPath('body')).toBe('');
    expect(formFieldPath('body.settings.maxRedemptions')).toBe('settings.maxRedemptions');
    expect(formFieldPath('headers.ETag')).toBe('ETag');
    expect(formFieldPath('name')).toBe('name');
  });
});
