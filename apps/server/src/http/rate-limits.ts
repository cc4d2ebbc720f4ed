import type { RateLimit } from './types.ts';

/** Rate limits shared by modules (per client IP and operation). The identity part uses SIGN_IN and MFA. */
export const RATE_LIMITS = {
  /** contact requests: a person writes a few, a script many */
  CONTACT: { max: 10, timeWindow: 15 * 60_000 },
  /** e-mail subscribe and unsubscribe */
  SUBSCRIBE: { max: 20, timeWindow: 15 * 60_000 },
  /** sign-in calls (customToken, sessionCookie, freshCustomToken) */
  SIGN_IN: { max: 30, timeWindow: 15 * 60_000 },
  /** MFA challenge and challenge-response calls */
  MFA: { max: 20, timeWindow: 15 * 60_000 },
  /** error reports: the apps throttle to one a second */
  ERROR_REPORTING: { max: 120, timeWindow: 60_000 },
  /** Content-Security-Policy violation reports: browsers send one per violation (or a batch) */
  CSP_REPORTS: { max: 60, timeWindow: 60_000 },
} satisfies Record<string, RateLimit>;

/**
 * A limit as it applies in this environment: as written in production, twenty times higher in development
 * and tests, where the end-to-end suites send many requests from one address.
 */
export function envLimit(limit: RateLimit, env = process.env.NODE_ENV): RateLimit {
  return env === 'production' ? limit : { max: limit.max * 20, timeWindow: limit.timeWindow };
}
