import { describe, expect, it } from 'vitest';
import { authorisedName, initialViews, providerErrorKey, readOpenIdQuery } from './views.ts';

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

  it("starts on the error view (no previous view) when the provider sent an error, in the app's words", () => {
    expect(
      initialViews(readOpenIdQuery('?error=access_denied&error_description=The+user+cancelled')),
    ).toEqual([{ kind: 'error', messageKey: 'openid.providerDenied' }]);
    expect(initialViews(readOpenIdQuery('?error=invalid_scope&error_description=Bad+scope'))).toEqual([
      { kind: 'error', messageKey: 'openid.providerFailed' },
    ]);
  });

  it("words the provider's error codes", () => {
    expect(providerErrorKey('access_denied')).toBe('openid.providerDenied');
    expect(providerErrorKey('temporarily_unavailable')).toBe('openid.providerUnavailable');
    expect(providerErrorKey('server_error')).toBe('openid.providerUnavailable');
    expect(providerErrorKey('something_else')).toBe('openid.providerFailed');
    expect(providerErrorKey('toString')).toBe('openid.providerFailed');
  });

  it('starts loading otherwise', () => {
    expect(initialViews(readOpenIdQuery('?state=s&code=c'))).toEqual([{ kind: 'loading' }]);
  });

  it('greets by display name, else by first name', () => {
    expect(authorisedName({ user: { displayName: 'Sam Patel' }, patientRecord: { firstName: 'Sam' } })).toBe(
      'Sam Patel',
    );
    expect(authorisedName({ user: { displayName: '' }, patientRecord: { firstName: 'Sam' } })).toBe('Sam');
    expect(authorisedName(null)).toBeUndefined();
  });
});
