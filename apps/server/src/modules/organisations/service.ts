// Organisations: own (unmerged) and resolved (merged) views, section ETags, subscription validity.
//
// THE MERGE RULE. An organisation keeps only the values it sets itself ("overrides") in four sections:
// details, app settings, subscription and research settings. The merged view resolves each field on its
// own: the organisation's own value when it has one (not null), else its parent's merged value, and so on
// up to the root; a field no organisation of the chain sets is null (whitelistedDomains: []). Arrays
// (crisis lines, whitelisted domains) are single values: a child's list replaces its parent's, it is not
// appended to it. `name` is always the organisation's own. Two things are not inherited: `redemptions`
// (the places used: each organisation counts its own patients, see ./numbers.ts) and `enabled` (each has its own flag; the merged view shows it
// effective: an organisation is enabled only when it and every ancestor are enabled).
// In the unmerged view a field the organisation does not set is null (a whole section with no own value
// is null in the Organisation object).
//
// ETAGS. Each section's ETag is a hash of the organisation's own values of that section, so any change
// of those values changes it, and a client that read the current values holds the current ETag. The
// merged subscription carries the ETag of the own subscription (what a PATCH changes).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { OrganisationsTable } from '../../db/tables/core.ts';
import { patientCounts } from './numbers.ts';

export type SectionName = 'details' | 'appSettings' | 'subscription' | 'researchSettings';
type Values = Record<string, unknown>;

export const SECTION_FIELDS: Record<SectionName, readonly string[]> = {
  details: [
    'name',
    'contactEmail',
    'phone',
    'address',
    'country',
    'timezone',
    'logoUrl',
    'termsUrl',
    'privacyUrl',
    'whitelistedDomains',
  ],
  appSettings: [
    'chatEnabled',
    'emergencyChatEnabled',
    'journalEnabled',
    'cbtEnabled',
    'screeningEnabled',
    'responseHours',
    'defaultLanguage',
    'idleTimeoutMinutes',
    'crisisLines',
    'escalationMinutes',
  ],
  subscription: ['plan', 'seats', 'maxRedemptions', 'startsAt', 'endsAt'],
  researchSettings: [
    'researchEnabled',
    'consentRequired',
    'studyId',
    'anonymiseExports',
    'dataRetentionDays',
  ],
};

export const SECTION_COLUMN = {
  details: 'details',
  appSettings: 'app_settings',
  subscription: 'subscription',
  researchSettings: 'research_settings',
} as const;

/** Older names some stored rows (the demo seed) use for contract fields. */
const ALIASES: Record<SectionName, Record<string, string>> = {
  details: {},
  appSettings: { language: 'defaultLanguage' },
  subscription: { validUntil: 'endsAt' },
  researchSettings: { researchConsentRequired: 'consentRequired' },
};

export type OrgRow = Pick<OrganisationsTable, 'id' | 'parent_id' | 'name' | 'enabled' | 'max_redemptions'> & {
  access_code: string | null;
  details: Values;
  app_settings: Values;
  subscription: Values;
  research_settings: Values;
  created_at: Date;
};

export const ORG_COLUMNS = [
  'id',
  'parent_id',
  'name',
  'details',
  'app_settings',
  'subscription',
  'research_settings',
  'enabled',
  'max_redemptions',
  'access_code',
  'created_at',
] as const;

const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);

/** The organisation's own values of a section: contract fields only, nulls dropped. */
export function ownValues(row: OrgRow, section: SectionName): Values {
  const stored = (row[SECTION_COLUMN[section]] ?? {}) as Values;
  const out: Values = {};
  for (const [key, value] of Object.entries(stored)) {
    const field = ALIASES[section][key] ?? key;
    if (!SECTION_FIELDS[section].includes(field) || value === null || value === undefined) continue;
    if (field in out && key !== field) continue; // the contract name wins over an alias
    out[field] =
      field === 'endsAt' || field === 'startsAt'
        ? isDate(value)
          ? String(value).slice(0, 10)
          : undefined
        : value;
    if (out[field] === undefined) delete out[field];
  }
  if (section === 'details') out.name = row.name;
  if (section === 'subscription') {
    if (row.max_redemptions !== null) out.maxRedemptions = row.max_redemptions;
    else delete out.maxRedemptions;
  }
  return out;
}

/** A strong ETag of a section's own values (stable key order). */
export function sectionEtag(section: SectionName, own: Values): string {
  const canonical = JSON.stringify([
    section,
    Object.keys(own)
      .sort()
      .map((k) => [k, own[k]]),
  ]);
  return `"${createHash('sha256').update(canonical).digest('base64url').slice(0, 27)}"`;
}

/** Every field of the section, own values or null (whitelistedDomains left out when not set). */
function spread(section: SectionName, values: Values): Values {
  const out: Values = {};
  for (const field of SECTION_FIELDS[section]) {
    if (field === 'whitelistedDomains') {
      if (values[field] !== undefined) out[field] = values[field];
      continue;
    }
    out[field] = values[field] ?? null;
  }
  return out;
}

export interface OrgContext {
  rows: Map<string, OrgRow>;
  redemptions: Map<string, number>;
}

export async function loadOrgs(db: Db): Promise<OrgContext> {
  const rows = (await db
    .selectFrom('organisations')
    .select([...ORG_COLUMNS])
    .execute()) as OrgRow[];
  return {
    rows: new Map(rows.map((r) => [r.id, r])),
    // The places used: the organisation's patients now (see ./numbers.ts).
    redemptions: await patientCounts(db),
  };
}

/**
 * Locks the organisation's row until the transaction ends, so that changes to its places, sections or
 * invitations happen one at a time; answers the row (undefined when there is no such organisation).
 */
export async function lockOrganisation(trx: Db, id: string): Promise<OrgRow | undefined> {
  return (await trx
    .selectFrom('organisations')
    .select([...ORG_COLUMNS])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as OrgRow | undefined;
}

export function chainOf(ctx: OrgContext, id: string): OrgRow[] {
  const chain: OrgRow[] = [];
  let current = ctx.rows.get(id);
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = current.parent_id ? ctx.rows.get(current.parent_id) : undefined;
  }
  return chain;
}

/** The section resolved field by field along the chain (see the merge rule). */
export function mergedValues(ctx: OrgContext, id: string, section: SectionName): Values {
  const out: Values = {};
  for (const row of chainOf(ctx, id).reverse()) Object.assign(out, ownValues(row, section));
  if (section === 'details') out.name = ctx.rows.get(id)!.name;
  return out;
}

export function effectiveEnabled(ctx: OrgContext, id: string): boolean {
  return chainOf(ctx, id).every((r) => r.enabled);
}

export function sectionView(ctx: OrgContext, id: string, section: SectionName, merged: boolean): Values {
  const row = ctx.rows.get(id)!;
  const own = ownValues(row, section);
  const values = merged ? mergedValues(ctx, id, section) : own;
  const view = spread(section, values);
  if (section === 'details' && merged && view.whitelistedDomains === undefined) view.whitelistedDomains = [];
  if (section === 'subscription') view.redemptions = ctx.redemptions.get(id) ?? 0;
  view.etag = sectionEtag(section, own);
  return view;
}

/** `withAccessCode`: the caller administers the organisation (the code is only shown to its admins). */
export function organisationView(ctx: OrgContext, id: string, merged: boolean, withAccessCode = true) {
  const row = ctx.rows.get(id)!;
  const section = (name: SectionName) => {
    if (!merged && name !== 'details' && Object.keys(ownValues(row, name)).length === 0) return null;
    return sectionView(ctx, id, name, merged);
  };
  return {
    id: row.id,
    name: row.name,
    enabled: merged ? effectiveEnabled(ctx, id) : row.enabled,
    parentOrganisation: row.parent_id,
    createdAt: new Date(row.created_at).toISOString(),
    details: section('details'),
    appSettings: section('appSettings'),
    subscription: section('subscription'),
    researchSettings: section('researchSettings'),
    ...(withAccessCode ? { accessCode: row.access_code ?? null } : {}),
  };
}

export function summaryView(ctx: OrgContext, id: string) {
  const row = ctx.rows.get(id)!;
  let childCount = 0;
  for (const r of ctx.rows.values()) if (r.parent_id === id) childCount += 1;
  return { id: row.id, name: row.name, enabled: row.enabled, parentOrganisation: row.parent_id, childCount };
}

/**
 * Applies a JSON merge patch to a section's own values: absent = unchanged, null = no own value
 * (inherit). Answers the new own values.
 */
export function applyPatch(own: Values, patch: Values): Values {
  const next = { ...own };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export type InvalidReason =
  'no_organisation' | 'disabled' | 'expired' | 'not_started' | 'no_redemptions_left';

/**
 * Whether an organisation's merged subscription is valid today (UTC): enabled (with every ancestor),
 * started (startsAt ≤ today), not ended (today ≤ endsAt, inclusive), and not over its redemptions (the
 * redemptions used do not exceed maxRedemptions; a lowered maximum makes it invalid until raised).
 */
export function subscriptionValidity(
  ctx: OrgContext,
  id: string,
  today = new Date().toISOString().slice(0, 10),
) {
  const sub = mergedValues(ctx, id, 'subscription');
  const endsAt = typeof sub.endsAt === 'string' ? sub.endsAt : null;
  const used = ctx.redemptions.get(id) ?? 0;
  let reason: InvalidReason | null = null;
  if (!effectiveEnabled(ctx, id)) reason = 'disabled';
  else if (typeof sub.startsAt === 'string' && sub.startsAt > today) reason = 'not_started';
  else if (endsAt && endsAt < today) reason = 'expired';
  else if (typeof sub.maxRedemptions === 'number' && used > sub.maxRedemptions)
    reason = 'no_redemptions_left';
  return { valid: reason === null, reason, organisationId: id, endsAt };
}

/** An id for a new organisation: a slug of its name and a random suffix. */
export function newOrganisationId(name: string, random: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `org-${slug ? `${slug}-` : ''}${random}`.slice(0, 64);
}
