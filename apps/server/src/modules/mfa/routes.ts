// Tag `mfa`: the server's own second factors (TOTP secrets, the e-mail challenge).
import { ipLimit, principal } from '../../auth/context.ts';
import { conflict, notFound, reauthenticationRequired } from '../../auth/errors.ts';
import { emailChallengeMail } from '../../auth/mail.ts';
import {
  createTotpSecret,
  deleteTotpSecret,
  renameTotpSecret,
  verifyTotpCode,
} from '../../auth/mfa/totp-secrets.ts';
import {
  deleteEmailMfa,
  enableEmailMfa,
  startEmailChallenge,
  verifyEmailCode,
} from '../../auth/mfa/email-challenge.ts';
import {
  getEmailConfig,
  hasMfa,
  listTotpSecrets,
  maskEmail,
  mfaOptions,
  setDefaultFactor,
} from '../../auth/mfa/service.ts';
import { mfaMandatory } from '../../auth/scopes.ts';
import { assertRecentlyAuthenticated, mfaDeps } from '../../auth/service.ts';
import { findUser } from '../../auth/users.ts';
import type { HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';

async function account(ctx: HandlerContext) {
  const caller = principal(ctx);
  const user = await findUser(ctx.db, caller.uid);
  if (!user) throw reauthenticationRequired();
  return { caller, user };
}

/** A therapist or admin keeps at least one second factor. */
async function assertNotLastFactor(
  ctx: HandlerContext,
  userId: string,
  roles: string[],
  removing: { totpId?: string; email?: boolean },
) {
  if (!mfaMandatory(roles)) return;
  const remaining = (await mfaOptions(mfaDeps(ctx), userId)).filter((o) =>
    o.type === 'email' ? !removing.email : o.id !== removing.totpId,
  );
  if (remaining.length === 0) {
    throw conflict('last_factor', 'This is your last second factor: add another one before removing it.');
  }
}

/** The confirmed factors for the security page, the default marked. */
async function configurationsOf(ctx: HandlerContext, userId: string, roles: string[]) {
  const deps = mfaDeps(ctx);
  const [secrets, email, options] = await Promise.all([
    listTotpSecrets(deps, userId),
    getEmailConfig(deps, userId),
    mfaOptions(deps, userId),
  ]);
  const isDefault = (id: string) => options.some((o) => o.id === id && o.default);
  const configurations = secrets
    .filter((s) => s.confirmed)
    .map((s) => ({
      id: s.id,
      type: 'totp',
      label: s.label,
      default: isDefault(s.id),
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
    }));
  if (email) {
    configurations.push({
      id: 'email',
      type: 'email',
      label: maskEmail(email.email),
      default: isDefault('email'),
      createdAt: new Date(email.created_at).toISOString(),
      lastUsedAt: null,
    });
  }
  return { configurations, required: mfaMandatory(roles) };
}

export const handlers: Handlers = {
  getMfaOptions: async (_request, ctx) => ({ options: await mfaOptions(mfaDeps(ctx), principal(ctx).uid) }),

  listMfaConfigurations: async (_request, ctx) => {
    const { user } = await account(ctx);
    return configurationsOf(ctx, user.id, user.roles);
  },

  setDefaultMfaFactor: async (_request, ctx) => {
    const { user } = await account(ctx);
    const id = (ctx.body as { id: string }).id;
    if (!(await setDefaultFactor(mfaDeps(ctx), user.id, id)))
      throw notFound('This is not one of your second factors.');
    ctx.log.info(
      { userId: user.id, factor: id === 'email' ? 'email' : 'totp' },
      'default second factor chosen',
    );
    return configurationsOf(ctx, user.id, user.roles);
  },

  respondOtpChallenge: async (_request, ctx) => {
    const body = ctx.body as { otpSecretId: string; code: string };
    const result = await verifyTotpCode(mfaDeps(ctx), principal(ctx).uid, body.code, body.otpSecretId);
    return { verified: true, configurationId: result.configurationId };
  },

  createOtpSecret: async (_request, ctx) => {
    const { caller, user } = await account(ctx);
    if (await hasMfa(mfaDeps(ctx), user.id)) await assertRecentlyAuthenticated(ctx, caller);
    const body = ctx.body as { label: string };
    const created = await createTotpSecret(mfaDeps(ctx), user, { label: body.label });
    return respond(
      201,
      { id: created.id, label: created.label, secret: created.secret, otpauthUri: created.uri },
      { 'cache-control': 'no-store' },
    );
  },

  listOtpSecrets: async (_request, ctx) => ({
    secrets: await listTotpSecrets(mfaDeps(ctx), principal(ctx).uid),
  }),

  renameOtpSecret: async (_request, ctx) => {
    const caller = principal(ctx);
    await assertRecentlyAuthenticated(ctx, caller);
    const body = ctx.body as { label: string };
    return renameTotpSecret(mfaDeps(ctx), caller.uid, String(ctx.params.id), body.label);
  },

  deleteOtpSecret: async (_request, ctx) => {
    const { caller, user } = await account(ctx);
    await assertRecentlyAuthenticated(ctx, caller);
    const id = String(ctx.params.id);
    const secrets = await listTotpSecrets(mfaDeps(ctx), user.id);
    if (secrets.some((s) => s.id === id && s.confirmed))
      await assertNotLastFactor(ctx, user.id, user.roles, { totpId: id });
    await deleteTotpSecret(mfaDeps(ctx), user.id, id);
    return respond(204);
  },

  sendEmailChallenge: async (_request, ctx) => {
    const { user } = await account(ctx);
    const deps = mfaDeps(ctx);
    const configured = await getEmailConfig(deps, user.id);
    const to = configured?.email ?? user.email;
    const started = await startEmailChallenge(deps, user.id, to);
    await ctx.mailer.send(emailChallengeMail(to, started.code));
    return {
      challengeId: started.challengeId,
      sentTo: maskEmail(to),
      expiresAt: new Date(started.expiresAt).toISOString(),
    };
  },

  respondEmailChallenge: async (_request, ctx) => {
    const { user } = await account(ctx);
    const body = ctx.body as { challengeId: string; code: string };
    const deps = mfaDeps(ctx);
    const verified = await verifyEmailCode(deps, user.id, body.code, body.challengeId);
    if (!(await getEmailConfig(deps, user.id))) await enableEmailMfa(deps, user.id, verified.email, true);
    return { verified: true, configurationId: 'email' };
  },

  deleteDefaultEmailFactor: async (_request, ctx) => {
    const { caller, user } = await account(ctx);
    await assertRecentlyAuthenticated(ctx, caller);
    if (await getEmailConfig(mfaDeps(ctx), user.id))
      await assertNotLastFactor(ctx, user.id, user.roles, { email: true });
    await deleteEmailMfa(mfaDeps(ctx), user.id);
    return respond(204);
  },
};

export const rateLimits: Record<string, RateLimit> = {
  respondOtpChallenge: ipLimit('MFA'),
  sendEmailChallenge: ipLimit('MFA'),
  respondEmailChallenge: ipLimit('MFA'),
};
