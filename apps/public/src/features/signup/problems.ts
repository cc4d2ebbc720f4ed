import type { ParseKeys } from 'i18next';
import type { ErrorCode } from '@tend/api/model';
import { toProblem, wordingOf, type Problem } from '@tend/core';
import { SignupError } from './createAccount.ts';
import type { Step } from './signupForm.ts';

/** What the sign-up says about a problem: a message above the step, or a field's error; where to go. */
export interface SignupWording {
  /** A key of the public namespace, with its values. */
  message?: { key: string; values?: Record<string, unknown> };
  /** The field the problem is about (the mailed code), instead of a message. */
  field?: { name: 'emailCode'; key: string; values?: Record<string, unknown> };
  /** The step to show it on (the e-mail or password the account could not be created with). */
  step?: Step;
}

export type SignupAction = 'check' | 'create' | 'verify' | 'resend';

/** A key of the public namespace, said later (typed, and seen by the missing-key scanner). */
const tk = <K extends ParseKeys<'public'>>(key: K): K => key;

const JOIN_CODES: Partial<Record<ErrorCode, string>> = {
  invalid_access_code: tk('signup.join.codeUnknown'),
  no_redemptions_left: tk('signup.join.full'),
  organisation_disabled: tk('signup.join.unavailable'),
  subscription_not_valid: tk('signup.join.unavailable'),
  email_not_whitelisted: tk('signup.join.notWhitelisted'),
  already_member: tk('signup.join.alreadyMember'),
  rate_limited: tk('signup.errors.tooManyRequests'),
};

const offline = (p: Problem) => p.kind === 'network' || p.kind === 'offline';

/** Joining (or mailing the code): a wrong code is the code field's error; the rest is said above the step. */
function joinWording(p: Problem): SignupWording {
  if (p.code === 'invalid_code') {
    return p.attemptsLeft === undefined
      ? { field: { name: 'emailCode', key: tk('signup.verify.wrongCodeNoCount') } }
      : {
          field: { name: 'emailCode', key: tk('signup.verify.wrongCode'), values: { count: p.attemptsLeft } },
        };
  }
  if (offline(p)) return { message: { key: tk('signup.errors.network') } };
  return { message: { key: wordingOf(p, { codes: JOIN_CODES }) ?? tk('signup.join.failed') } };
}

/** Creating the Firebase account: by its code; the e-mail and password go back to the step that asks for them. */
function accountWording(p: Problem, method: 'code' | 'email'): SignupWording {
  switch (p.code) {
    case 'auth/email-already-in-use':
      return {
        message: { key: tk('signup.errors.emailInUse') },
        step: method === 'email' ? 'organisation' : 'account',
      };
    case 'auth/invalid-email':
      return {
        message: { key: tk('signup.errors.invalidEmail') },
        step: method === 'email' ? 'organisation' : 'account',
      };
    case 'auth/weak-password':
      return { message: { key: tk('signup.errors.weakPassword') }, step: 'account' };
    case 'auth/too-many-requests':
      return { message: { key: tk('signup.errors.tooManyRequests') } };
    default:
      return { message: { key: offline(p) ? tk('signup.errors.network') : tk('signup.errors.generic') } };
  }
}

/** The problem behind a failed action: a sign-up stage's failure is read as what it wraps. */
export function causeOf(problem: Problem): Problem {
  return problem.error instanceof SignupError ? toProblem(problem.error.original) : problem;
}

/** The wording of a failed action of the sign-up (every error is read through toProblem). */
export function signupWording(
  problem: Problem,
  action: SignupAction,
  method: 'code' | 'email',
): SignupWording {
  if (action === 'check') {
    return {
      message: {
        key:
          problem.kind === 'rateLimited'
            ? tk('signup.errors.tooManyRequests')
            : tk('signup.organisation.checkFailed'),
      },
    };
  }
  const failure = problem.error instanceof SignupError ? problem.error : undefined;
  const cause = causeOf(problem);
  if (failure?.stage === 'account') return accountWording(cause, method);
  if (failure?.stage === 'join' || action !== 'create') return joinWording(cause);
  return { message: { key: offline(cause) ? tk('signup.errors.network') : tk('signup.errors.profile') } };
}
