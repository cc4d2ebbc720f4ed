// Push notification registration (tag `push`): device tokens and the on/off setting are kept per user;
// nothing is sent from here. Tokens are never logged.
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { caller } from '../patients/access.ts';

export const handlers: Handlers = {
  /** Idempotent; a token registered by someone else moves to the caller (the device changed hands). */
  registerPushToken: async (_req, ctx) => {
    const user = caller(ctx);
    const token = String(ctx.params.token);
    const now = new Date();
    await ctx.db
      .insertInto('push_tokens')
      .values({ token, user_id: user.uid, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: user.uid, updated_at: now }))
      .execute();
    return respond(204);
  },

  /** Idempotent; only the caller's own token is removed. */
  unregisterPushToken: async (_req, ctx) => {
    const user = caller(ctx);
    await ctx.db
      .deleteFrom('push_tokens')
      .where('token', '=', String(ctx.params.token))
      .where('user_id', '=', user.uid)
      .execute();
    return respond(204);
  },

  /** Off until the caller turns it on. */
  getPushStatus: async (_req, ctx) => {
    const user = caller(ctx);
    const row = await ctx.db
      .selectFrom('push_settings')
      .select('enabled')
      .where('user_id', '=', user.uid)
      .executeTakeFirst();
    return { enabled: row?.enabled ?? false };
  },

  setPushStatus: async (_req, ctx) => {
    const user = caller(ctx);
    const { enabled } = ctx.body as { enabled: boolean };
    const now = new Date();
    await ctx.db
      .insertInto('push_settings')
      .values({ user_id: user.uid, enabled, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled, updated_at: now }))
      .execute();
    return { enabled };
  },
};
