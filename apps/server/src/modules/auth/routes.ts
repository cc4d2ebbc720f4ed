// Tag `auth`: custom tokens, session cookies, re-authentication, sign-out and query-string tokens.
import { bearerToken, header, ipLimit, principal } from '../../auth/context.ts';
import { clearSessionCookie, setSessionCookie } from '../../auth/cookies.ts';
import { unauthenticated } from '../../auth/errors.ts';
import {
  customToken,
  freshCustomToken,
  logout,
  redeemQueryStringToken,
  sessionCookie,
} from '../../auth/service.ts';
import { createQueryStringToken } from '../../auth/tokens.ts';
import type { Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';

function scopesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? [value] : [];
}

export const handlers: Handlers = {
  getCustomToken: async (_request, ctx) =>
    customToken(ctx, {
      idToken: header(ctx, 'idToken') ?? bearerToken(ctx),
      refreshToken: header(ctx, 'refreshToken'),
      mfaChallengeResponse: header(ctx, 'mfaChallengeResponse'),
      scopes: scopesOf(ctx.query.scope),
    }),

  getSessionCookie: async (_request, ctx) => {
    const idToken = header(ctx, 'idToken');
    if (!idToken) throw unauthenticated('Send the ID token in the idToken header.');
    const session = await sessionCookie(ctx, {
      idToken,
      generateRefreshToken: ctx.query.generateRefreshToken === true,
    });
    if (ctx.query.setCookie !== false)
      setSessionCookie(ctx.reply, ctx.config, session.cookie, session.maxAgeSeconds);
    return respond(200, session.body, { 'cache-control': 'no-store' });
  },

  getFreshCustomToken: async (_request, ctx) =>
    freshCustomToken(ctx, principal(ctx), header(ctx, 'mfaChallengeResponse')),

  logout: async (_request, ctx) => {
    await logout(ctx, principal(ctx).uid, (message, error) =>
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, message),
    );
    clearSessionCookie(ctx.reply, ctx.config);
    return respond(204);
  },

  createQueryStringToken: async (_request, ctx) => {
    const caller = principal(ctx);
    return createQueryStringToken(
      ctx.db,
      { userId: caller.uid, scopes: caller.scopes, mfa: caller.claims.mfa },
      Date.now(),
    );
  },

  useQueryStringToken: async (_request, ctx) => redeemQueryStringToken(ctx, String(ctx.query.tokenID)),

  // The same single-use token, handed from one of Tend's web apps to another in the URL's fragment and
  // posted here in the body: it never stands in a request line (nor so in any proxy's access log).
  redeemSignInHandover: async (_request, ctx) =>
    respond(200, await redeemQueryStringToken(ctx, (ctx.body as { handover: string }).handover), {
      'cache-control': 'no-store',
    }),
};

export const rateLimits: Record<string, RateLimit> = {
  getCustomToken: ipLimit('SIGN_IN'),
  getSessionCookie: ipLimit('SIGN_IN'),
  getFreshCustomToken: ipLimit('SIGN_IN'),
  useQueryStringToken: ipLimit('SIGN_IN'),
  redeemSignInHandover: ipLimit('SIGN_IN'),
};
