// Own-account calls: the summary, names, language, the patient record, e-mail change (confirmed by a
// mailed link), password reset mail, and deletion requests.
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/index.ts';
import type { AppDeps } from '../http/types.ts';
import type { ChatListener } from '../realtime/bus.ts';
import { BusCache } from '../realtime/cache.ts';
import { randomToken, sha256 } from './crypto.ts';
import { IdentityError, badRequest, conflict, notFound, tooManyAttempts } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { deletionRequestMail, emailChangeMail, emailChangedNotice, passwordResetMail } from './mail.ts';
import { mfaMandatory, scopesForRoles } from './scopes.ts';
import { revokeSessions } from './revoke.ts';
import { cachedUser, forgetUser, type UserRecord } from './users.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Password-reset mails per address per hour (more are silently not sent). */
export const RESET_MAILS_PER_HOUR = 3;
const EMAIL_CHANGES_PER_HOUR = 5;

async function requireUser(deps: AppDeps, uid: string): Promise<UserRecord> {
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
function forgetFacts(db: Db, uid: string): void {
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

export async function updateName(deps: AppDeps, uid: string, firstName: unknown, lastName: unknown) {
  const first = clean(firstName, 'firstName', 100);
  const last = clean(lastName, 'lastName', 100);
  const user = await requireUser(deps, uid);
  await deps.db
    .updateTable('users')
    .set({ first_name: first, last_name: last, updated_at: Date.now() })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
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
  await deps.db
    .updateTable('users')
    .set({ screen_name: value, updated_at: Date.now() })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
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
  await deps.db
    .updateTable('users')
    .set({ language: canonical, updated_at: Date.now() })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
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

async function emailTaken(deps: AppDeps, uid: string, email: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', uid)
    .executeTakeFirst();
  if (row) return true;
  try {
    const other = await firebaseAuth(deps.config).getUserByEmail(email);
    return other.uid !== uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** Mails a confirmation link (24 h, single use) to the new address; `appOrigin` is where the link opens. */
export async function requestEmailChange(deps: AppDeps, uid: string, newEmail: string, appOrigin: string) {
  const user = await requireUser(deps, uid);
  const email = newEmail.trim().toLowerCase();
  if (email === user.email) throw conflict('email_unchanged', 'This is already your e-mail address.');
  const now = Date.now();
  const recentCount = await deps.db
    .selectFrom('email_change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', uid)
    .where('created_at', '>', now - 60 * 60_000)
    .executeTakeFirstOrThrow();
  if (Number(recentCount.n) >= EMAIL_CHANGES_PER_HOUR)
    throw tooManyAttempts(3600, 'Too many e-mail changes: try again in an hour.');
  if (await emailTaken(deps, uid, email))
    throw conflict('email_in_use', 'Another account uses this e-mail address.');
  const token = randomToken();
  const row = await deps.db
    .insertInto('email_change_requests')
    .values({
      user_id: uid,
      new_email: email,
      token_hash: sha256(token),
      expires_at: now + EMAIL_CHANGE_TTL_MS,
      confirmed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  forgetFacts(deps.db, uid);
  await deps.mailer.send(
    emailChangeMail(email, `${appOrigin}/account/confirm-email?id=${encodeURIComponent(token)}`),
  );
  return { status: 'accepted' as const, requestId: row.id };
}

export async function confirmEmailChange(deps: AppDeps, uid: string, token: string) {
  const now = Date.now();
  const invalid = new IdentityError(
    400,
    'invalid_token',
    'This confirmation link has expired or was already used. Ask for a new one.',
  );
  const pending = await deps.db
    .selectFrom('email_change_requests')
    .select(['id', 'new_email'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', uid)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!pending) throw invalid;
  if (await emailTaken(deps, uid, pending.new_email))
    throw conflict('email_in_use', 'Another account uses this e-mail address.');
  const used = await deps.db
    .updateTable('email_change_requests')
    .set({ confirmed_at: now })
    .where('id', '=', pending.id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid;
  const user = await requireUser(deps, uid);
  try {
    await firebaseAuth(deps.config).updateUser(uid, { email: pending.new_email, emailVerified: true });
  } catch (error) {
    // An account known only through OpenID has no Firebase password account yet.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  await deps.db
    .updateTable('users')
    .set({ email: pending.new_email, updated_at: now })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
  await deps.db
    .updateTable('patients')
    .set({ email: pending.new_email, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  await deps.db
    .updateTable('therapists')
    .set({ email: pending.new_email, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  // Other pending changes are void now.
  await deps.db
    .updateTable('email_change_requests')
    .set({ expires_at: now })
    .where('user_id', '=', uid)
    .where('confirmed_at', 'is', null)
    .execute();
  forgetFacts(deps.db, uid);
  // A changed address ends every session of the account: sign in again with the new one.
  await revokeSessions(deps, uid, 'email-changed');
  if (!user.email.endsWith('.invalid'))
    await deps.mailer.send(emailChangedNotice(user.email, pending.new_email));
  return accountSummary(deps, uid);
}

/**
 * Mails a password-reset link when the address has an account. Runs after the answer (always 202), so
 * neither the answer nor its timing tells whether the address has an account.
 */
export function requestPasswordReset(deps: AppDeps, email: string, log: (error: unknown) => void): void {
  const address = email.trim().toLowerCase();
  void (async () => {
    try {
      const now = Date.now();
      await deps.db
        .deleteFrom('password_reset_mails')
        .where('at', '<', now - 60 * 60_000)
        .execute();
      const sent = await deps.db
        .selectFrom('password_reset_mails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      if (Number(sent.n) >= RESET_MAILS_PER_HOUR) return;
      const link = await firebaseAuth(deps.config).generatePasswordResetLink(address);
      await deps.db.insertInto('password_reset_mails').values({ email: address, at: now }).execute();
      await deps.mailer.send(passwordResetMail(address, link));
    } catch (error) {
      if (
        (error as { code?: string }).code !== 'auth/email-not-found' &&
        (error as { code?: string }).code !== 'auth/user-not-found'
      )
        log(error);
    }
  })();
}

/**
 * Closes the account at once: its sign-in is disabled and every session ends (Firebase refresh tokens
 * revoked, so issued ID tokens and session cookies stop working; Tend refresh tokens revoked). The data
 * stays until the data-export team erases it (deleteUserData, which also deletes the Firebase account).
 */
async function closeAccount(deps: AppDeps, uid: string): Promise<void> {
  // Every credential refused at once, in every process (ID tokens, session cookies, refresh, chat tokens).
  await revokeSessions(deps, uid, 'account-deleted', { firebase: false });
  forgetUser(deps.db, uid);
  if (!deps.config.authEmulatorHost && !deps.config.isProduction) return; // no Firebase (unit tests on PGlite)
  const auth = firebaseAuth(deps.config);
  try {
    await auth.updateUser(uid, { disabled: true });
    await auth.revokeRefreshTokens(uid);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error;
  }
}

/** Records the deletion request (once), mails its confirmation and closes the account. */
export async function requestDeletion(deps: AppDeps, uid: string) {
  const answer = await recordDeletion(deps, uid);
  await closeAccount(deps, uid);
  return answer;
}

async function recordDeletion(deps: AppDeps, uid: string) {
  const user = await requireUser(deps, uid);
  const existing = await deps.db
    .selectFrom('deletion_requests')
    .select(['created_at', 'status'])
    .where('user_id', '=', uid)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (existing) return { requestedAt: new Date(existing.created_at).toISOString(), status: existing.status };
  const row = await deps.db
    .insertInto('deletion_requests')
    .values({ user_id: uid, email: user.email, reason: null })
    .returning(['id', 'created_at', 'status'])
    .executeTakeFirstOrThrow();
  forgetFacts(deps.db, uid);
  if (!user.email.endsWith('.invalid')) await deps.mailer.send(deletionRequestMail(user.email, row.id));
  return { requestedAt: new Date(row.created_at).toISOString(), status: row.status };
}
