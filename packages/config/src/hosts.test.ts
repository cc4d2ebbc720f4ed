import { describe, expect, it } from 'vitest';
import { isSignupHost, normaliseHost, sameHost } from './hosts.ts';

describe('normaliseHost', () => {
  it.each([
    ['signup.tend.app', 'signup.tend.app'],
    ['stage.signup.tend.app', 'signup.tend.app'],
    ['dev.signup.tend.app', 'signup.tend.app'],
    ['aus.signup.tend.app', 'signup.tend.app'],
    ['STAGE.Signup.Tend.APP', 'signup.tend.app'],
    ['dev.signup.tend.app:8443', 'signup.tend.app'],
    ['signup.localhost:5173', 'signup.localhost'],
    ['signup.tend.app.', 'signup.tend.app'],
    ['[::1]:5173', '[::1]'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });

  it('drops only one leading prefix, and only a whole label', () => {
    expect(normaliseHost('stage.dev.tend.app')).toBe('dev.tend.app');
    expect(normaliseHost('staged.tend.app')).toBe('staged.tend.app');
    expect(normaliseHost('developer.tend.app')).toBe('developer.tend.app');
    expect(normaliseHost('australia.tend.app')).toBe('australia.tend.app');
    expect(normaliseHost('signup.dev.tend.app')).toBe('signup.dev.tend.app');
  });
});

describe('sameHost / isSignupHost', () => {
  it('ignores the prefixes, ports and case', () => {
    expect(sameHost('stage.signup.tend.app', 'signup.tend.app')).toBe(true);
    expect(sameHost('AUS.signup.tend.app:443', 'dev.signup.tend.app')).toBe(true);
    expect(isSignupHost('signup.localhost:5173', 'signup.localhost')).toBe(true);
    expect(isSignupHost('SIGNUP.LOCALHOST', 'signup.localhost')).toBe(true);
  });

  it('tells different hosts apart', () => {
    expect(isSignupHost('localhost:5173', 'signup.localhost')).toBe(false);
    expect(isSignupHost('www.tend.app', 'signup.tend.app')).toBe(false);
    expect(isSignupHost('signup.tend.app.evil.example', 'signup.tend.app')).toBe(false);
  });
});
