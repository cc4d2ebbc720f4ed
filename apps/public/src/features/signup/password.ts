/** Password rules of the sign-up form, each with the key of its message. */
export const PASSWORD_MIN_LENGTH = 10;

export type PasswordRule = 'length' | 'letter' | 'number' | 'notEmail';

export interface PasswordCheck {
  rule: PasswordRule;
  ok: boolean;
}

export function checkPassword(password: string, email = ''): PasswordCheck[] {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  return [
    { rule: 'length', ok: [...password].length >= PASSWORD_MIN_LENGTH },
    { rule: 'letter', ok: /\p{L}/u.test(password) },
    { rule: 'number', ok: /\p{N}/u.test(password) },
    {
      rule: 'notEmail',
      ok:
        password.length === 0 ||
        (password.toLowerCase() !== email.toLowerCase() &&
          (local.length < 4 || !password.toLowerCase().includes(local))),
    },
  ];
}

/** The first rule the password breaks, or null when it meets them all. */
export function firstBrokenRule(password: string, email = ''): PasswordRule | null {
  return checkPassword(password, email).find((check) => !check.ok)?.rule ?? null;
}
