// Tag `account`: the caller's own account.
import {
  accountSummary,
  patientRecord,
  updateLanguage,
  updateName,
  updateScreenName,
} from '../../auth/account.ts';
import { requestDeletion } from '../../auth/account-deletion.ts';
import { confirmEmailChange, requestEmailChange, requestPasswordReset } from '../../auth/account-email.ts';
import { header, ipLimit, principal } from '../../auth/context.ts';
import { assertRecentlyAuthenticated } from '../../auth/service.ts';
import type { Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';

export const handlers: Handlers = {
  getAccountSummary: async (_request, ctx) => accountSummary(ctx, principal(ctx).uid),

  updateUserName: async (_request, ctx) =>
    updateName(ctx, principal(ctx).uid, ctx.query.firstName, ctx.query.lastName),

  updateScreenName: async (_request, ctx) => updateScreenName(ctx, principal(ctx).uid, ctx.query.screenName),

  updateLanguage: async (_request, ctx) => updateLanguage(ctx, principal(ctx).uid, ctx.query.language),

  getPatientRecord: async (_request, ctx) => patientRecord(ctx, principal(ctx).uid),

  requestEmailChange: async (_request, ctx) => {
    // The link opens in the portal the change was asked from; from anywhere else (the mobile app, the public
    // site, which has no confirmation page) in the patient web app, which has one.
    const origin = header(ctx, 'origin');
    const appOrigin = origin && ctx.config.portalOrigins.includes(origin) ? origin : ctx.config.patientAppUrl;
    return respond(
      202,
      await requestEmailChange(ctx, principal(ctx).uid, String(ctx.query.email), appOrigin),
    );
  },

  confirmEmailChange: async (_request, ctx) =>
    confirmEmailChange(ctx, principal(ctx).uid, String(ctx.query.id)),

  requestPasswordChange: async (_request, ctx) => {
    requestPasswordReset(ctx, String(ctx.query.emailAddress), (error) =>
      ctx.log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'password reset mail failed',
      ),
    );
    return respond(202, { status: 'accepted' });
  },

  /** Sensitive: needs a recent sign-in (401 reauthentication_required), then closes the account at once. */
  requestAccountDeletion: async (_request, ctx) => {
    const caller = principal(ctx);
    await assertRecentlyAuthenticated(ctx, caller);
    return respond(202, await requestDeletion(ctx, caller.uid));
  },
};

export const rateLimits: Record<string, RateLimit> = {
  requestEmailChange: ipLimit('MFA'),
  requestPasswordChange: ipLimit('SIGN_IN'),
};
