// Own-account calls: the summary, names, language, the patient record, e-mail change (confirmed by a
// mailed link), password reset mail, and deletion requests.
import type { AppDeps } from '../http/types.ts';
import { randomToken, sha256 } from './crypto.ts';
import { IdentityError, badRequest, conflict, notFound, tooManyAttempts } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { deletionRequestMail, emailChangeMail, emailChangedNotice, passwordResetMail } from './mail.ts';
import { hasMfa } from './mfa/service.ts';
import { mfaMandatory, scopesForRoles } from './scopes.ts';
import { mfaDeps } from './service.ts';
import { revokeRefreshTokens } from './tokens.ts';
import { findUser, type UserRecord } from './users.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Password-reset mails per address per hour (more are silently not sent). */
export const RESET_MAILS_PER_HOUR = 3;
const EMAIL_CHANGES_PER_HOUR = 5;

async function requireUser(deps: AppDeps, uid: string): Promise<UserRecord> {
  const user = await findUser(deps.db, uid);
  if (!user) throw notFound('There is no account for this sign-in.');
  return user;
}

async function organisationOf(deps: AppDeps, user: UserRecord): Promise<string | null> {
  if (user.adminOf[0]) return user.adminOf[0];
  const patient = await deps.db.selectFrom('patients').select('organisation_id').where('id', '=', user.id).executeTakeFirst();
  if (patient) return patient.organisation_id;
  const therapist = await deps.db.selectFrom('therapists').select('organisation_id').where('id', '=', user.id).executeTakeFirst();
  return therapist?.organisation_id ?? null;
}

export async function accountSummary(deps: AppDeps, uid: string) {
  const user = await requireUser(deps, uid);
  const now = Date.now();
  const [mfaEnabled, organisationId, pending, deletion] = await Promise.all([
    hasMfa(mfaDeps(deps), uid),
    organisationOf(deps, user),
    deps.db
      .selectFrom('email_change_requests')
      .select('new_email')
      .where('user_id', '=', uid)
      .where('confirmed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom('deletion_requests')
      .select('created_at')
      .where('user_id', '=', uid)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
  ]);
  return {
    uid: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    screenName: user.screenName,
    language: user.language,
    scopes: scopesForRoles(user.roles),
    mfaEnabled,
    mfaRequired: mfaMandatory(user.roles),
    organisationId,
    pendingEmail: pending?.new_email ?? null,
    deletionRequestedAt: deletion ? new Date(deletion.created_at).toISOString() : null,
  };
}

function clean(value: unknown, field: string, max: number): string {
  const text = String(value ?? '').replace(/\s+/g, ' ').trim();
  if (!text) throw badRequest(`${field} cannot be blank.`, 'invalid_request', { fields: { [field]: 'blank' } });
  if (text.length > max) throw badRequest(`${field} has at most ${max} characters.`, 'invalid_request', { fields: { [field]: 'too long' } });
  return text;
}

export async function updateName(deps: AppDeps, uid: string, firstName: unknown, lastName: unknown) {
  const first = clean(firstName, 'firstName', 100);
  const last = clean(lastName, 'lastName', 100);
  await requireUser(deps, uid);
  await deps.db.updateTable('users').set({ first_name: first, last_name: last, updated_at: Date.now() }).where('id', '=', uid).execute();
  // The care records show the same name.
  await deps.db.updateTable('patients').set({ first_name: first, last_name: last, updated_at: new Date() }).where('id', '=', uid).execute();
  await deps.db.updateTable('therapists').set({ first_name: first, last_name: last, updated_at: new Date() }).where('id', '=', uid).execute();
  return accountSummary(deps, uid);
}

export async function updateScreenName(deps: AppDeps, uid: string, screenName: unknown) {
  const value = clean(screenName, 'screenName', 40);
  await requireUser(deps, uid);
  await deps.db.updateTable('users').set({ screen_name: value, updated_at: Date.now() }).where('id', '=', uid).execute();
  return accountSummary(deps, uid);
}

export async function updateLanguage(deps: AppDeps, uid: string, language: unknown) {
  const value = String(language ?? '');
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(value)[0] ?? '';
  } catch {
    canonical = '';
  }
  if (!canonical) throw badRequest('language must be a BCP 47 language tag such as en or en-GB.', 'invalid_request', { fields: { language: 'format' } });
  await requireUser(deps, uid);
  await deps.db.updateTable('users').set({ language: canonical, updated_at: Date.now() }).where('id', '=', uid).execute();
  return accountSummary(deps, uid);
}

export async function patientRecord(deps: AppDeps, uid: string) {
  const row = await deps.db.selectFrom('patients').selectAll().where('id', '=', uid).executeTakeFirst();
  if (!row) throw notFound('This account has no patient record.');
  const [user, lead] = await Promise.all([
    findUser(deps.db, uid),
    deps.db.selectFrom('care_team').select('therapist_id').where('patient_id', '=', uid).where('role', '=', 'lead').executeTakeFirst(),
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
  const row = await deps.db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', uid).executeTakeFirst();
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
  if (Number(recentCount.n) >= EMAIL_CHANGES_PER_HOUR) throw tooManyAttempts(3600, 'Too many e-mail changes: try again in an hour.');
  if (await emailTaken(deps, uid, email)) throw conflict('email_in_use', 'Another account uses this e-mail address.');
  const token = randomToken();
  const row = await deps.db
    .insertInto('email_change_requests')
    .values({ user_id: uid, new_email: email, token_hash: sha256(token), expires_at: now + EMAIL_CHANGE_TTL_MS, confirmed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.mailer.send(emailChangeMail(email, `${appOrigin}/account/confirm-email?id=${encodeURIComponent(token)}`));
  return { status: 'accepted' as const, requestId: row.id };
}

export async function confirmEmailChange(deps: AppDeps, uid: string, token: string) {
  const now = Date.now();
  const invalid = new IdentityError(400, 'invalid_token', 'This confirmation link has expired or was already used. Ask for a new one.');
  const pending = await deps.db
    .selectFrom('email_change_requests')
    .select(['id', 'new_email'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', uid)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!pending) throw invalid;
  if (await emailTaken(deps, uid, pending.new_email)) throw conflict('email_in_use', 'Another account uses this e-mail address.');
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
    // A changed address ends every session of the account: sign in again with the new one.
    await firebaseAuth(deps.config).revokeRefreshTokens(uid);
  } catch (error) {
    // An account known only through OpenID has no Firebase password account yet.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  await deps.db.updateTable('users').set({ email: pending.new_email, updated_at: now }).where('id', '=', uid).execute();
  await deps.db.updateTable('patients').set({ email: pending.new_email, updated_at: new Date() }).where('id', '=', uid).execute();
  await deps.db.updateTable('therapists').set({ email: pending.new_email, updated_at: new Date() }).where('id', '=', uid).execute();
  // Other pending changes are void now.
  await deps.db.updateTable('email_change_requests').set({ expires_at: now }).where('user_id', '=', uid).where('confirmed_at', 'is', null).execute();
  if (!user.email.endsWith('.invalid')) await deps.mailer.send(emailChangedNotice(user.email, pending.new_email));
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
      await deps.db.deleteFrom('password_reset_mails').where('at', '<', now - 60 * 60_000).execute();
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
      if ((error as { code?: string }).code !== 'auth/email-not-found' && (error as { code?: string }).code !== 'auth/user-not-found') log(error);
    }
  })();
}

/**
 * Closes the account at once: its sign-in is disabled and every session ends (Firebase refresh tokens
 * revoked, so issued ID tokens and session cookies stop working; Tend refresh tokens revoked). The data
 * stays until the data-export team erases it (deleteUserData, which also deletes the Firebase account).
 */
async function closeAccount(deps: AppDeps, uid: string): Promise<void> {
  await revokeRefreshTokens(deps.db, uid, Date.now());
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
  if (!user.email.endsWith('.invalid')) await deps.mailer.send(deletionRequestMail(user.email, row.id));
  return { requestedAt: new Date(row.created_at).toISOString(), status: row.status };
}
