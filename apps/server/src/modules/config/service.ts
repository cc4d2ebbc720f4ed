import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

type Scalar = string | number | boolean | null;

/** The features the apps switch on and off. */
export const FEATURES: Record<string, boolean> = {
  chat: true,
  emergencyChat: true,
  journal: true,
  screening: true,
  cbtExercises: true,
  openIdSignIn: true,
  rewards: true,
};

/** Remote-config defaults; stored rows (remote_config, kind `value`) override them. */
export const REMOTE_DEFAULTS: Record<string, Scalar> = {
  minimumAppVersion: '1.0.0',
  latestAppVersion: '1.4.0',
  chatEnabled: true,
  screeningIntervalDays: 14,
  journalMaxLength: 10000,
  statusPollIntervalMs: 60000,
  supportEmail: 'support@tend.localhost',
};

/** App schemes that have a remote configuration; stored rows of kind `scheme` add more. */
export const KNOWN_SCHEMES: Record<string, Record<string, Scalar>> = {
  tend: {},
  'tend-beta': { latestAppVersion: '1.5.0-beta' },
};

export function clientConfig(config: Config) {
  return {
    minimumAppVersion: String(REMOTE_DEFAULTS.minimumAppVersion),
    supportEmail: String(REMOTE_DEFAULTS.supportEmail),
    privacyPolicyUrl: `${config.publicUrl}/privacy`,
    crisisLines: [
      { name: 'Emergency services', phone: '999', country: 'GB' },
      { name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org', country: 'GB' },
      { name: 'NHS 111 (option 2, mental health)', phone: '111', url: 'https://111.nhs.uk', country: 'GB' },
      { name: 'Shout (text SHOUT)', phone: '85258', url: 'https://giveusashout.org', country: 'GB' },
    ],
    features: { ...FEATURES },
  };
}

export function backendServiceConfig(config: Config) {
  return {
    environment: config.env,
    region: 'eu',
    functionsRegion: 'europe-west1',
    features: { ...FEATURES },
  };
}

function scalar(value: unknown): Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? (value as Scalar)
    : JSON.stringify(value);
}

export async function remoteValue(db: Db, key: string): Promise<Scalar | undefined> {
  const row = await db
    .selectFrom('remote_config')
    .select('value')
    .where('kind', '=', 'value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (row) return scalar(row.value);
  return Object.hasOwn(REMOTE_DEFAULTS, key) ? REMOTE_DEFAULTS[key] : undefined;
}

/** Every value for a scheme: defaults, then stored values, then the scheme's own overrides. */
export async function remoteConfig(db: Db, scheme: string): Promise<Record<string, Scalar> | undefined> {
  const rows = await db.selectFrom('remote_config').select(['kind', 'key', 'value']).execute();
  const stored = rows.find((r) => r.kind === 'scheme' && r.key === scheme);
  const known = Object.hasOwn(KNOWN_SCHEMES, scheme) ? KNOWN_SCHEMES[scheme] : undefined;
  if (!known && !stored) return undefined;
  const values: Record<string, Scalar> = { ...REMOTE_DEFAULTS };
  for (const r of rows) if (r.kind === 'value') values[r.key] = scalar(r.value);
  Object.assign(values, known ?? {});
  if (stored && stored.value && typeof stored.value === 'object' && !Array.isArray(stored.value)) {
    for (const [k, v] of Object.entries(stored.value)) values[k] = scalar(v);
  }
  return values;
}

// The service is offered in the UK, the EEA and Switzerland (region eu) and in Australia and New Zealand
// (region au, the `aus.` hosts).
const EU = new Set(
  'GB IE AT BE BG HR CY CZ DK EE FI FR DE GR HU IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GG JE IM GI'.split(
    ' ',
  ),
);
const AU = new Set(['AU', 'NZ']);

export function regionFor(country: string): { country: string; region: string; allowed: boolean } {
  const code = country.toUpperCase();
  if (EU.has(code)) return { country: code, region: 'eu', allowed: true };
  if (AU.has(code)) return { country: code, region: 'au', allowed: true };
  return { country: code, region: 'eu', allowed: false };
}
