import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginPathFor, returnToFrom, safeRedirectPath, segmentsToPath, toInAppPath } from './paths.ts';

afterEach(() => vi.restoreAllMocks());

describe('toInAppPath', () => {
  it.each([
    ['/', '/'],
    ['/security', '/security'],
    ['/patients/42?tab=notes#top', '/patients/42?tab=notes#top'],
    ['/a/./b/../c', '/a/c'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('accepts the in-app path %s', (input, expected) => {
    expect(toInAppPath(input)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/path',
    'https://evil.com',
    'http://localhost:5175/x',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.com',
    'security',
    '../x',
    '/\t/evil.com',
    '/\n/evil.com',
    ' /x',
    '/..//evil.com',
    '',
    'x'.repeat(3000),
  ])('refuses %j', (input) => {
    expect(toInAppPath(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(toInAppPath(undefined)).toBeNull();
    expect(toInAppPath(null)).toBeNull();
    expect(toInAppPath(['/x'])).toBeNull();
  });
});

describe('safeRedirectPath', () => {
  it('logs a refused target', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(safeRedirectPath('//evil.com')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Refused'),
      expect.stringContaining('evil.com'),
    );
  });
  it('does not log an accepted or absent one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(safeRedirectPath('/home')).toBe('/home');
    expect(safeRedirectPath(null)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('segmentsToPath', () => {
  it('joins and encodes segments into an absolute in-app path', () => {
    expect(segmentsToPath(['patients', 42, 'moments'])).toBe('/patients/42/moments');
    expect(segmentsToPath(['/security', 'enrol'])).toBe('/security/enrol');
    expect(segmentsToPath(['search', 'a b/c?d'])).toBe('/search/a%20b%2Fc%3Fd');
  });
  it('cannot produce another host or a parent step', () => {
    expect(segmentsToPath(['', 'evil.com'])).toBeNull();
    expect(segmentsToPath(['//evil.com'])).toBe('/%2F%2Fevil.com');
    expect(segmentsToPath(['https://evil.com'])).toBe('/https%3A%2F%2Fevil.com');
    expect(segmentsToPath(['..', 'x'])).toBeNull();
    expect(segmentsToPath(['.'])).toBeNull();
    expect(segmentsToPath([])).toBeNull();
  });
});

describe('login path and returnTo', () => {
  it('carries where the visitor was going', () => {
    expect(loginPathFor('/authentication/login', '/security?tab=totp')).toBe(
      '/authentication/login?returnTo=%2Fsecurity%3Ftab%3Dtotp',
    );
  });
  it('leaves out an unsafe, empty, home or login returnTo', () => {
    expect(loginPathFor('/authentication/login', '//evil.com')).toBe('/authentication/login');
    expect(loginPathFor('/authentication/login', '/')).toBe('/authentication/login');
    expect(loginPathFor('/authentication/login', '/authentication/login?returnTo=%2Fx')).toBe(
      '/authentication/login',
    );
    expect(loginPathFor('/authentication/login', undefined)).toBe('/authentication/login');
  });
  it('validates returnTo when coming back', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(returnToFrom('?returnTo=%2Fsecurity')).toBe('/security');
    expect(returnToFrom('?returnTo=%2F%2Fevil.com')).toBe('/');
    expect(returnToFrom('?returnTo=https%3A%2F%2Fevil.com')).toBe('/');
    expect(returnToFrom('?returnTo=%2F%5Cevil.com')).toBe('/');
    expect(returnToFrom('?returnTo=javascript%3Aalert(1)')).toBe('/');
    expect(returnToFrom('')).toBe('/');
  });
});
