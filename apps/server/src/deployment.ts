// The startup check of a deployment of several server instances (README, "Deployment").
//
// 1. requiredProblems(env): in production, what every instance must be given so that they behave as one
//    service: one PostgreSQL (DATABASE_URL: PGlite is one process's own), the deployed origins that links in
//    e-mails use (else they point at localhost), TEND_TRUST_PROXY said explicitly (behind a load balancer
//    the per-address limits need the forwarded address; `false` when there is none), a real Firebase
//    project (a `demo-` project exists only in the Auth emulator). TEND_SECRET and SMTP_HOST are required
//    by src/config.ts already.
// 2. checkSharedSettings(db, config): the settings every instance must share (the secret that signs the
//    server's tokens, the maintenance window of the environment, the origins, the mail addresses …) are
//    recorded in the database by the first instance, as digests (never the values); an instance started
//    with different ones is refused in production (a warning elsewhere), naming the variables that differ.
//    To change them for the whole deployment, start the first instance of the new set with
//    TEND_SHARED_SETTINGS=replace (it records the new ones), then the others.
import { createHash } from 'node:crypto';
import type { Config } from './config.ts';
import { json, type Db } from './db/index.ts';

/** The problems of a production environment that would make its instances disagree (empty elsewhere). */
export function requiredProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const missing = (name: string) => !env[name] || env[name]!.trim() === '';
  if (missing('DATABASE_URL'))
    problems.push(
      'DATABASE_URL: required in production (every instance works over the one PostgreSQL; the embedded PGlite is one process’s own)',
    );
  for (const name of ['TEND_PUBLIC_URL', 'TEND_API_URL', 'TEND_PATIENT_APP_URL', 'TEND_PORTAL_ORIGINS']) {
    if (missing(name))
      problems.push(`${name}: required in production (links in e-mails would point at localhost)`);
  }
  if (missing('TEND_TRUST_PROXY'))
    problems.push(
      'TEND_TRUST_PROXY: say it in production: the load balancer’s hops or addresses, or `false` when clients connect directly (else every client behind the balancer counts as one address for the rate limits)',
    );
  if (!env.GCLOUD_PROJECT || env.GCLOUD_PROJECT.startsWith('demo-'))
    problems.push(
      'GCLOUD_PROJECT: the Firebase project of the deployment (a demo- project exists only in the emulator)',
    );
  return problems;
}

/** The settings every instance must share, by the variable that sets them. */
export function sharedSettings(config: Config): Record<string, unknown> {
  return {
    NODE_ENV: config.env,
    TEND_SECRET: config.secret,
    TEND_MAINTENANCE_AT: config.maintenance.at ?? null,
    TEND_MAINTENANCE_REASON: config.maintenance.reason,
    TEND_PUBLIC_URL: config.publicUrl,
    TEND_API_URL: config.apiUrl,
    TEND_PATIENT_APP_URL: config.patientAppUrl,
    TEND_PORTAL_ORIGINS: config.portalOrigins,
    TEND_EXTRA_ORIGINS: config.appOrigins,
    TEND_TEAM_EMAIL: config.teamEmail,
    TEND_MAIL_FROM: config.mailFrom,
    GCLOUD_PROJECT: config.projectId,
    TEND_BODY_LIMIT: config.bodyLimit,
  };
}

/** One-way digests of the shared settings (what the database keeps: never a value, never the secret). */
export function settingDigests(config: Config): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sharedSettings(config)).map(([name, value]) => [
      name,
      createHash('sha256')
        .update(`tend shared setting\0${name}\0${JSON.stringify(value)}`)
        .digest('base64url')
        .slice(0, 22),
    ]),
  );
}

const KEY = 'deployment.shared-settings';

export class SharedSettingsError extends Error {
  constructor(public readonly differing: string[]) {
    super(
      `This instance's settings differ from those the other instances of this deployment recorded: ${differing.join(', ')}. ` +
        'Give every instance the same values (or start one with TEND_SHARED_SETTINGS=replace to record a new set).',
    );
    this.name = 'SharedSettingsError';
  }
}

/**
 * Records the shared settings' digests (first instance, or `replace`), or compares them with those recorded:
 * answers the variables that differ (empty when none). Call it under the boot lock (src/db/boot.ts).
 */
export async function compareSharedSettings(
  db: Db,
  config: Config,
  options: { replace?: boolean } = {},
): Promise<string[]> {
  const mine = settingDigests(config);
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const recorded = (row?.value as { digests?: Record<string, string> } | undefined)?.digests;
  if (recorded && !options.replace) {
    return Object.keys({ ...recorded, ...mine })
      .filter((name) => recorded[name] !== mine[name])
      .sort();
  }
  const value = { digests: mine, recordedAt: new Date().toISOString() };
  await db
    .insertInto('settings')
    .values({ key: KEY, value: json(value), updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json(value), updated_at: new Date() }))
    .execute();
  return [];
}
