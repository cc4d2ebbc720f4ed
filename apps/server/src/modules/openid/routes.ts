// Tag `openid`: sign-in through a client's (tenant's) own OpenID provider.
import { ipLimit } from '../../auth/context.ts';
import { completeOpenIdSignIn } from '../../auth/openid/accounts.ts';
import { enabledClients, loginCallback, loginUrl } from '../../auth/openid/relying-party.ts';
import type { Handlers, RateLimit } from '../../http/types.ts';

export const handlers: Handlers = {
  listOpenIdProviders: async (_request, ctx) => {
    const clients = await enabledClients(ctx.db);
    const services = await ctx.db.selectFrom('clients').select(['id', 'service_name']).execute();
    const serviceName = new Map(services.map((s) => [s.id, s.service_name]));
    return {
      providers: clients.map((c) => ({
        clientId: c.id,
        name: c.display_name,
        ...(serviceName.has(c.id) ? { serviceName: serviceName.get(c.id) } : {}),
        issuer: c.issuer,
      })),
    };
  },

  getOpenIdLoginUrl: async (_request, ctx) =>
    loginUrl({ db: ctx.db, publicUrl: ctx.config.publicUrl, now: Date.now() }, String(ctx.query.clientID)),

  completeOpenIdLogin: async (_request, ctx) => {
    const clientID = String(ctx.query.clientID);
    const result = await loginCallback(
      { db: ctx.db, now: Date.now() },
      { state: String(ctx.query.state), code: String(ctx.query.code), clientID },
    );
    return completeOpenIdSignIn(ctx, clientID, result);
  },
};

export const rateLimits: Record<string, RateLimit> = {
  getOpenIdLoginUrl: ipLimit('SIGN_IN'),
  completeOpenIdLogin: ipLimit('SIGN_IN'),
};
