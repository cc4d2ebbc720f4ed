// Helpers the identity route modules share.
import { RATE_LIMITS, envLimit } from '../http/rate-limits.ts';
import type { HandlerContext, RateLimit } from '../http/types.ts';
import { unauthenticated } from './errors.ts';
import type { Principal } from './session.ts';

/** The signed-in caller as resolved by ./session.ts (401 when anonymous). */
export function principal(ctx: HandlerContext): Principal {
  const user = ctx.user as Principal | null;
  if (!user) throw unauthenticated();
  if (!user.claims) {
    // Another resolveUser (tests of other parts) gives no session claims: treat them as empty.
    return {
      ...user,
      claims: {
        scopes: user.scopes,
        mfa: false,
        reauthAt: null,
        authTime: 0,
        signInProvider: 'unknown',
        adminOf: [],
      },
    };
  }
  return user;
}

export function header(ctx: HandlerContext, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function bearerToken(ctx: HandlerContext): string | undefined {
  const value = header(ctx, 'authorization');
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1];
}

/**
 * Per-IP limits of the sign-in and MFA calls (on top of the per-user MFA attempt limits). Outside
 * production they are 20 times looser: every end-to-end test signs in from 127.0.0.1.
 */
export function ipLimit(kind: 'SIGN_IN' | 'MFA'): RateLimit {
  return envLimit(RATE_LIMITS[kind]);
}
