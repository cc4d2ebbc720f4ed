import { describe, expect, it } from 'vitest';
import { checkPassword, firstBrokenRule } from './password.ts';

describe('password rules', () => {
  it('accepts a long password with letters and numbers', () => {
    expect(firstBrokenRule('calm-river-2026', 'sam@example.com')).toBeNull();
  });

  it('names the first broken rule', () => {
    expect(firstBrokenRule('short1')).toBe('length');
    expect(firstBrokenRule('1234567890123')).toBe('letter');
    expect(firstBrokenRule('onlyletterslong')).toBe('number');
    expect(firstBrokenRule('samantha-2026xx', 'samantha@example.com')).toBe('notEmail');
  });

  it('checks every rule for the live checklist', () => {
    expect(checkPassword('abc').map((c) => [c.rule, c.ok])).toEqual([
      ['length', false],
      ['letter', true],
      ['number', false],
      ['notEmail', true],
    ]);
  });
});
