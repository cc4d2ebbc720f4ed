import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSnapshot } from '../session/types.ts';
import { evaluateGuard, rules, type GuardContext, type GuardRule } from './rules.ts';

afterEach(() => vi.restoreAllMocks());

const signedIn: AuthSnapshot = {
  status: 'signedIn',
  user: { uid: 'u', email: 'a@b.c', scopes: ['therapist'], signedInAt: 0 },
};
const anonymous: AuthSnapshot = { status: 'signedOut', user: null };

function ctx(auth: AuthSnapshot, path = '/patients/7?tab=notes'): GuardContext {
  return { auth, params: { patientId: '7' }, url: new URL(path, 'http://localhost:5175') };
}

describe('evaluateGuard', () => {
  it('by default lets a signed-in user in', async () => {
    expect(await evaluateGuard(undefined, ctx(signedIn))).toEqual({ type: 'enter' });
  });

  it('by default sends an anonymous visitor to sign in, with where they were going', async () => {
    expect(await evaluateGuard(undefined, ctx(anonymous))).toEqual({
      type: 'redirect',
      to: '/authentication/login?returnTo=%2Fpatients%2F7%3Ftab%3Dnotes',
    });
  });

  it('true enters and false refuses', async () => {
    expect(await evaluateGuard(true, ctx(anonymous))).toEqual({ type: 'enter' });
    expect(await evaluateGuard(false, ctx(signedIn))).toEqual({ type: 'refuse', reason: 'rule' });
  });

  it('a path redirects there', async () => {
    expect(await evaluateGuard('/security', ctx(signedIn))).toEqual({ type: 'redirect', to: '/security' });
  });

  it('a list of path segments redirects to their path', async () => {
    const rule: GuardRule = (c) => ['patients', c.params.patientId!, 'summary'];
    expect(await evaluateGuard(rule, ctx(signedIn))).toEqual({ type: 'redirect', to: '/patients/7/summary' });
  });

  it('an async rule is awaited', async () => {
    const rule: GuardRule = async () => '/later';
    expect(await evaluateGuard(rule, ctx(signedIn))).toEqual({ type: 'redirect', to: '/later' });
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'refuses and logs a redirect outside the app: %s',
    async (target) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(await evaluateGuard(target, ctx(signedIn))).toEqual({
        type: 'refuse',
        reason: 'unsafe-redirect',
      });
      expect(warn).toHaveBeenCalled();
    },
  );

  it('refuses and logs invalid segments', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await evaluateGuard(['..', 'admin'], ctx(signedIn))).toEqual({
      type: 'refuse',
      reason: 'unsafe-redirect',
    });
    expect(warn).toHaveBeenCalled();
  });

  it('refuses (never enters) when a rule throws, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rule: GuardRule = () => {
      throw new Error('boom');
    };
    expect(await evaluateGuard(rule, ctx(signedIn))).toEqual({ type: 'refuse', reason: 'error' });
    expect(error).toHaveBeenCalledWith('Route guard failed', expect.any(Error));
  });

  it('a redirect to the page being entered enters it instead of looping', async () => {
    expect(await evaluateGuard('/security', ctx(signedIn, '/security'))).toEqual({ type: 'enter' });
  });
});

describe('built-in rules', () => {
  it('public lets anyone in', async () => {
    expect(await evaluateGuard(rules.public, ctx(anonymous))).toEqual({ type: 'enter' });
  });
  it('signedOut sends a signed-in user on, lets others in', async () => {
    expect(await evaluateGuard(rules.signedOut('/'), ctx(signedIn, '/authentication/login'))).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(await evaluateGuard(rules.signedOut('/'), ctx(anonymous, '/authentication/login'))).toEqual({
      type: 'enter',
    });
    expect(
      await evaluateGuard(rules.signedOut('/'), ctx(signedIn, '/authentication/login?returnTo=%2Fsecurity')),
    ).toEqual({
      type: 'redirect',
      to: '/security',
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      await evaluateGuard(
        rules.signedOut('/'),
        ctx(signedIn, '/authentication/login?returnTo=%2F%2Fevil.com'),
      ),
    ).toEqual({
      type: 'redirect',
      to: '/',
    });
  });
  it('hasScope refuses a signed-in user without the scope', async () => {
    expect(await evaluateGuard(rules.hasScope('data-export'), ctx(signedIn))).toEqual({
      type: 'refuse',
      reason: 'rule',
    });
    expect(await evaluateGuard(rules.hasScope('therapist'), ctx(signedIn))).toEqual({ type: 'enter' });
    expect((await evaluateGuard(rules.hasScope('therapist'), ctx(anonymous))).type).toBe('redirect');
  });
  it('all passes only when every rule does, else the first other answer', async () => {
    expect(await evaluateGuard(rules.all(true, rules.signedIn), ctx(signedIn))).toEqual({ type: 'enter' });
    expect(await evaluateGuard(rules.all(true, '/x', false), ctx(signedIn))).toEqual({
      type: 'redirect',
      to: '/x',
    });
  });
});
