// Own-account calls: the summary, names, language, the patient record, e-mail change (confirmed by a
// mailed link), password reset mail, and deletion requests. This file: the summary (from memory when it
// can be), names, language and the patient record; the e-mail change and password reset are in
// ./account-email.ts, deletion requests in ./account-deletion.ts.
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/index.ts';
import type { AppDeps } from '../http/types.ts';
import type { ChatListener } from '../realtime/bus.ts';
import { BusCache } from '../realtime/cache.ts';
import { badRequest, notFound } from './errors.ts';
import { mfaMandatory, scopesForRoles } from './scopes.ts';
import { cachedUser, forgetUser, type UserRecord } from './users.ts';

export async function requireUser(deps: AppDeps, uid: string): Promise<UserRecord> {
  const user = await cachedUser(deps.db, uid);
  if (!user) throw notFound('There is no account for this sign-in.');
  return user;
}

/**
 * What the account summary shows besides the user: read in one query, kept per user in memory like the
 * user itself (every change of these tables is announced by a trigger, migration 0112). Times of expiry
 * are kept, not judged: a pending change that expires while cached stops showing at once.
 */
interface AccountFacts {
  mfa: boolean;
  organisationId: string | null;
  pendingEmails: Array<{ email: string; expiresAt: number }>;
  deletionAt: number | null;
}

const factsCaches = new WeakMap<Db, BusCache<AccountFacts>>();

/** Keeps this app's copies of the summary's facts (the identity part's register hook). */
export function installAccountCache(db: Db, bus: ChatListener | undefined): void {
  factsCaches.set(
    db,
    new BusCache<AccountFacts>(bus, (event) =>
      event.t === 'account' || event.t === 'sessions' ? event.u : null,
    ),
  );
}

async function loadFacts(db: Db, uid: string): Promise<AccountFacts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('mfa_totp_secrets')
              .select('id')
              .where('user_id', '=', uid)
              .where('confirmed_at', 'is not', null),
          ),
          eb.exists(eb.selectFrom('mfa_email_configs').select('user_id').where('user_id', '=', uid)),
        ])
        .as('mfa'),
      eb.selectFrom('patients').select('organisation_id').where('id', '=', uid).as('patientOrganisation'),
      eb.selectFrom('therapists').select('organisation_id').where('id', '=', uid).as('therapistOrganisation'),
      jsonArrayFrom(
        eb
          .selectFrom('email_change_requests')
          .select(['new_email as email', 'expires_at as expiresAt'])
          .where('user_id', '=', uid)
          .where('confirmed_at', 'is', null)
          .orderBy('created_at', 'desc'),
      ).as('pendingEmails'),
      eb
        .selectFrom('deletion_requests')
        .select('created_at')
        .where('user_id', '=', uid)
        .where('status', '=', 'pending')
        .limit(1)
        .as('deletionAt'),
    ])
    .executeTakeFirstOrThrow();
  return {
    mfa: Boolean(row.mfa),
    organisationId: row.patientOrganisation ?? row.therapistOrganisation ?? null,
    pendingEmails: row.pendingEmails.map((p) => ({ email: p.email, expiresAt: Number(p.expiresAt) })),
    deletionAt: row.deletionAt === null || row.deletionAt === undefined ? null : Number(row.deletionAt),
  };
}

function accountFacts(db: Db, uid: string): Promise<AccountFacts> {
  return factsCaches.get(db)?.get(uid, () => loadFacts(db, uid)) ?? loadFacts(db, uid);
}

/** Drops this process's copy of the summary's facts (after changing them, before reading them back). */
export function forgetFacts(db: Db, uid: string): void {
  factsCaches.get(db)?.forget(uid);
}

/** The caller's account: read on every start of every app, so from memory when it can be. */
export async function accountSummary(deps: AppDeps, uid: string) {
  return summaryOf(deps, await requireUser(deps, uid));
}

async function summaryOf(deps: AppDeps, user: UserRecord) {
  const facts = await accountFacts(deps.db, user.id);
  const now = Date.now();
  return {
    uid: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    screenName: user.screenName,
    language: user.language,
    scopes: scopesForRoles(user.roles),
    mfaEnabled: facts.mfa,
    mfaRequired: mfaMandatory(user.roles),
    organisationId: user.adminOf[0] ?? facts.organisationId,
    pendingEmail: facts.pendingEmails.find((p) => p.expiresAt > now)?.email ?? null,
    deletionRequestedAt: facts.deletionAt === null ? null : new Date(facts.deletionAt).toISOString(),
  };
}

function clean(value: unknown, field: string, max: number): string {
  const text = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text)
    throw badRequest(`${field} cannot be blank.`, 'invalid_request', { fields: { [field]: 'blank' } });
  if (text.length > max)
    throw badRequest(`${field} has at most ${max} characters.`, 'invalid_request', {
      fields: { [field]: 'too long' },
    });
  return text;
}

/** Writes the user's own words about themselves (name, screen name, language) and forgets the cached user. */
async function setUserColumns(
  deps: AppDeps,
  uid: string,
  columns: { first_name?: string; last_name?: string; screen_name?: string; language?: string },
) {
  await deps.db
    .updateTable('users')
    .set({ ...columns, updated_at: Date.now() })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
}

export async function updateName(deps: AppDeps, uid: string, firstName: unknown, lastName: unknown) {
  const first = clean(firstName, 'firstName', 100);
  const last = clean(lastName, 'lastName', 100);
  const user = await requireUser(deps, uid);
  await setUserColumns(deps, uid, { first_name: first, last_name: last });
  // The care records show the same name.
  await deps.db
    .updateTable('patients')
    .set({ first_name: first, last_name: last, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  await deps.db
    .updateTable('therapists')
    .set({ first_name: first, last_name: last, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  // The user as just written (no need to read it back).
  return summaryOf(deps, { ...user, firstName: first, lastName: last });
}

export async function updateScreenName(deps: AppDeps, uid: string, screenName: unknown) {
  const value = clean(screenName, 'screenName', 40);
  const user = await requireUser(deps, uid);
  await setUserColumns(deps, uid, { screen_name: value });
  return summaryOf(deps, { ...user, screenName: value });
}

export async function updateLanguage(deps: AppDeps, uid: string, language: unknown) {
  const value = String(language ?? '');
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(value)[0] ?? '';
  } catch {
    canonical = '';
  }
  if (!canonical)
    throw badRequest('language must be a BCP 47 language tag such as en or en-GB.', 'invalid_request', {
      fields: { language: 'format' },
    });
  const user = await requireUser(deps, uid);
  await setUserColumns(deps, uid, { language: canonical });
  return summaryOf(deps, { ...user, language: canonical });
}

export async function patientRecord(deps: AppDeps, uid: string) {
  const row = await deps.db.selectFrom('patients').selectAll().where('id', '=', uid).executeTakeFirst();
  if (!row) throw notFound('This account has no patient record.');
  const [user, lead] = await Promise.all([
    cachedUser(deps.db, uid),
    deps.db
      .selectFrom('care_team')
      .select('therapist_id')
      .where('patient_id', '=', uid)
      .where('role', '=', 'lead')
      .executeTakeFirst(),
  ]);
  return {
    patientId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    screenName: user?.screenName ?? null,
    organisationId: row.organisation_id,
    dateOfBirth: null,
    leadTherapistId: lead?.therapist_id ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
