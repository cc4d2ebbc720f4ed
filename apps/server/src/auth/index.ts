// The identity part's hooks for the core (see MODULES.md): who is calling, extra routes (the development
// OpenID provider), and the demo identities.
import type { FastifyInstance } from 'fastify';
import type { AppDeps, IdentityHooks, SeedContext } from '../http/types.ts';
import { DEMO } from '../db/seed.ts';
import { devIssuer, ensureEmulatorUsers, seedIdentityRows } from './demo.ts';
import { createDevProvider, registerDevProvider } from './openid/dev-provider.ts';
import { inProcessFetch } from './openid/in-process-fetch.ts';
import { registerInProcessIssuer } from './openid/relying-party.ts';
import { installFirebaseWatch } from './firebase-watch.ts';
import { resolveUser } from './session.ts';
import { installAccountCache } from './account.ts';
import { installUserCache } from './users.ts';
import { installValidityCache } from './validity.ts';

/** Seeds users, roles, second factors, the OpenID client, and the emulator accounts (after the core seed). */
export async function seedIdentity(ctx: SeedContext): Promise<void> {
  // Demo accounts with a published password never exist in production.
  if (ctx.config.isProduction) return;
  await seedIdentityRows(ctx.db, ctx.config, ctx.demo);
  // The database is seeded whatever the emulator says; missing accounts are created again at the next start.
  await ensureEmulatorUsers(ctx.config, ctx.demo).catch((error: unknown) =>
    console.warn(
      `demo accounts not created in the Auth emulator: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}

/** Whether the demo identities were ever seeded into this database (the core seed ran with them). */
async function demoRowsMissing(deps: AppDeps): Promise<boolean> {
  const organisation = await deps.db
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', DEMO.organisations.root.id)
    .executeTakeFirst();
  if (!organisation) return false;
  const user = await deps.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', DEMO.admin.id)
    .executeTakeFirst();
  return !user;
}

async function register(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Session validity from memory, kept exact by the event bus; Firebase-side revocations looked at in the
  // background (./validity.ts, ./firebase-watch.ts). Until the bus listens, checks read the database.
  installValidityCache(deps.db, deps.bus);
  installUserCache(deps.db, deps.bus);
  installAccountCache(deps.db, deps.bus);
  const watch = installFirebaseWatch(deps, app.log);
  app.addHook('onClose', async () => watch.close());
  await deps.bus
    ?.ready()
    .catch((error: unknown) =>
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'event bus not listening yet: session checks read the database',
      ),
    );

  if (deps.config.isProduction) return;
  const issuer = devIssuer(deps.config);
  const settings = {
    issuer,
    redirectUris: [
      `${deps.config.publicUrl}/openid/demo`,
      `${deps.config.publicUrl.replace('//localhost', '//127.0.0.1')}/openid/demo`,
    ],
    secret: deps.config.secret,
  };
  const provider = await createDevProvider(settings);
  await registerDevProvider(app, provider, settings);
  registerInProcessIssuer(issuer, inProcessFetch(app));

  // Development start: the emulator forgets its users when it restarts, so re-create missing demo
  // accounts (and the identity rows of a database seeded before they existed). Tests seed explicitly.
  if (deps.config.env === 'development' && deps.config.authEmulatorHost) {
    if (await demoRowsMissing(deps)) await seedIdentityRows(deps.db, deps.config, DEMO);
    const created = await ensureEmulatorUsers(deps.config, DEMO).catch((error: unknown) => {
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'demo accounts not created in the Auth emulator',
      );
      return 0;
    });
    if (created > 0) app.log.info({ created }, 'demo accounts created in the Auth emulator');
  }
}

export const identityHooks: IdentityHooks = { resolveUser, register, seed: seedIdentity };
export { resolveUser, register, seedIdentity as seed };
