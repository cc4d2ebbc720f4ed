import { describe, expect, it } from 'vitest';
import { ApiError } from '@tend/api/http';
import { authorisedName, callbackErrorMessage, initialViews, readOpenIdQuery } from './views.ts';

describe('OpenID landing views', () => {
  it('reads the query with lang defaulting to en', () => {
    expect(readOpenIdQuery('?state=s&code=c')).toEqual({
      state: 's',
      code: 'c',
      error: null,
      errorDescription: null,
      lang: 'en',
    });
    expect(readOpenIdQuery('?error=access_denied&error_description=No&lang=fr').lang).toBe('fr');
  });

  it('starts on the error view (no previous view) when the provider sent an error', () => {
    expect(
      initialViews(readOpenIdQuery('?error=access_denied&error_description=The+user+cancelled')),
    ).toEqual([{ kind: 'error', message: 'The user cancelled' }]);
    expect(initialViews(readOpenIdQuery('?error=access_denied'))).toEqual([
      { kind: 'error', message: 'access_denied' },
    ]);
  });

  it('starts loading otherwise', () => {
    expect(initialViews(readOpenIdQuery('?state=s&code=c'))).toEqual([{ kind: 'loading' }]);
  });

  it("shows the server's error text of a failed callback", () => {
    const apiError = new ApiError({
      status: 400,
      code: 'invalid_state',
      message: 'The sign-in link has expired.',
      body: { code: 'invalid_state', message: 'The sign-in link has expired.' },
    });
    expect(callbackErrorMessage(apiError)).toBe('The sign-in link has expired.');
    expect(callbackErrorMessage('Plain text from the server')).toBe('Plain text from the server');
  });

  it('falls back to the JSON of the error', () => {
    expect(callbackErrorMessage({ status: 0, code: 'network_error' })).toBe(
      '{"status":0,"code":"network_error"}',
    );
    const error = Object.assign(new Error('Failed to fetch'), { status: 0 });
    const json = callbackErrorMessage(error);
    expect(JSON.parse(json)).toEqual({ message: 'Failed to fetch', status: 0 });
  });

  it('greets by display name, else by first name', () => {
    expect(authorisedName({ user: { displayName: 'Sam Patel' }, patientRecord: { firstName: 'Sam' } })).toBe(
      'Sam Patel',
    );
    expect(authorisedName({ user: { displayName: '' }, patientRecord: { firstName: 'Sam' } })).toBe('Sam');
    expect(authorisedName(null)).toBeUndefined();
  });
});
