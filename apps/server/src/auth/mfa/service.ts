// The server's own second factors (the Auth emulator has none): TOTP secrets with id and label, and
// the e-mail challenge. Rules: a code is accepted once; 5 failures kill an e-mail challenge; failures are
// limited per source, per user and source, and slowed down per user except on the user's usual devices
// (limiter.ts).
import type { Db } from '../../db/index.ts';
import { constantTimeEqual, keyedHash, randomDigits, seal, unseal } from '../crypto.ts';
import { IdentityError, badRequest, conflict, notFound, tooManyAttempts } from '../errors.ts';
import {
  MFA_LIMITS,
  assertNotLimited,
  attemptsLeft,
  recordFailure,
  type MfaLimits,
  type MfaSource,
} from './limiter.ts';
import { generateSecret, isCodeShaped, otpauthUri, verifyTotp } from './totp.ts';

export interface MfaDeps {
  db: Db;
  /** Server secret: seals TOTP secrets and keys the e-mail code hashes. */
  secret: string;
  now: () => number;
  /** Issuer shown by authenticator apps. */
  issuer?: string;
  /** Attempt limits in force (default MFA_LIMITS). */
  limits?: MfaLimits;
  /** Where the attempt comes from (default: one unknown source). */
  source?: MfaSource;
  /** Warns the user by e-mail about repeated wrong codes. */
  alert?: (userId: string, failures: number) => void;
  /** A code of the user was accepted: remember the device (it is then spared the back-off). */
  passed?: (userId: string) => Promise<void>;
}

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** At most this many e-mail codes sent per user per limiter window (no mail bombing). */
export const EMAIL_SENDS_PER_WINDOW = 5;
export const LABEL_MAX = 60;
export const MAX_SECRETS = 10;

const SEAL_PURPOSE = 'totp-secret';

export type MfaMethod = 'totp' | 'email';

export interface TotpSecretView {
  id: string;
  label: string;
  confirmed: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface MfaOption {
  type: MfaMethod;
  /** TOTP: the secret's id. E-mail: `email`. */
  id: string;
  label: string;
  default: boolean;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** `p***@example.com`: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}*****@${domain}`;
}

function cleanLabel(label: string | undefined, fallback: string): string {
  const value = (label ?? '').replace(/\s+/g, ' ').trim();
  if (value.length > LABEL_MAX)
    throw badRequest(`A label has at most ${LABEL_MAX} characters.`, 'invalid_label');
  return value || fallback;
}

function invalidCode(left: number): IdentityError {
  return new IdentityError(401, 'mfa_invalid', 'The code is not correct.', { attemptsLeft: left });
}

// ---------------------------------------------------------------- configurations

export async function listTotpSecrets(deps: MfaDeps, userId: string): Promise<TotpSecretView[]> {
  const rows = await deps.db
    .selectFrom('mfa_totp_secrets')
    .select(['id', 'label', 'confirmed_at', 'created_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    confirmed: r.confirmed_at !== null,
    createdAt: iso(r.created_at),
    lastUsedAt: r.last_used_step === null ? null : iso(r.last_used_step * 30_000),
  }));
}

export async function getEmailConfig(deps: MfaDeps, userId: string) {
  return deps.db.selectFrom('mfa_email_configs').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The second factors a user can answer a challenge with (confirmed TOTP secrets, the e-mail challenge). */
export async function mfaOptions(deps: MfaDeps, userId: string): Promise<MfaOption[]> {
  const [secrets, email, chosen] = await Promise.all([
    listTotpSecrets(deps, userId),
    getEmailConfig(deps, userId),
    deps.db
      .selectFrom('mfa_totp_secrets')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .executeTakeFirst(),
  ]);
  const options: MfaOption[] = [];
  const emailDefault = email?.is_default ?? false;
  const confirmed = secrets.filter((s) => s.confirmed);
  // The chosen secret, else the first confirmed one (unless the e-mail factor is the default).
  const defaultTotp = confirmed.find((s) => s.id === chosen?.id) ?? confirmed[0];
  confirmed.forEach((s) =>
    options.push({ type: 'totp', id: s.id, label: s.label, default: !emailDefault && s === defaultTotp }),
  );
  if (email)
    options.push({
      type: 'email',
      id: 'email',
      label: maskEmail(email.email),
      default: emailDefault || options.length === 0,
    });
  return options;
}

/**
 * Makes one of the user's factors the default (`email`, or a confirmed TOTP secret's id). False when it is not
 * one of their confirmed factors.
 */
export async function setDefaultFactor(deps: MfaDeps, userId: string, id: string): Promise<boolean> {
  const options = await mfaOptions(deps, userId);
  const chosen = options.find((o) => o.id === id);
  if (!chosen) return false;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mfa_email_configs')
      .set({ is_default: chosen.type === 'email' })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('mfa_totp_secrets')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .execute();
    if (chosen.type === 'totp')
      await trx
        .updateTable('mfa_totp_secrets')
        .set({ is_default: true })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
  });
  return true;
}

export async function hasMfa(deps: MfaDeps, userId: string): Promise<boolean> {
  return (await mfaOptions(deps, userId)).length > 0;
}

// ---------------------------------------------------------------- TOTP

export interface CreatedTotpSecret {
  id: string;
  label: string;
  secret: string;
  uri: string;
}

/** A new secret (unconfirmed until the first correct code). `secret` may be given only by seeding. */
export async function createTotpSecret(
  deps: MfaDeps,
  user: { id: string; email: string },
  options: { label?: string; secret?: string; confirmed?: boolean } = {},
): Promise<CreatedTotpSecret> {
  const count = await deps.db
    .selectFrom('mfa_totp_secrets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_SECRETS)
    throw conflict('too_many_secrets', `At most ${MAX_SECRETS} authenticator apps per account.`);
  const label = cleanLabel(options.label, `Authenticator ${Number(count.n) + 1}`);
  const secret = options.secret ?? generateSecret();
  const row = await deps.db
    .insertInto('mfa_totp_secrets')
    .values({
      user_id: user.id,
      label,
      secret_enc: seal(deps.secret, SEAL_PURPOSE, secret),
      last_used_step: null,
      confirmed_at: options.confirmed ? deps.now() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, label, secret, uri: otpauthUri(secret, user.email, deps.issuer ?? 'Tend') };
}

export async function renameTotpSecret(
  deps: MfaDeps,
  userId: string,
  id: string,
  label: string,
): Promise<TotpSecretView> {
  const clean = cleanLabel(label, '');
  if (!clean) throw badRequest('A label cannot be blank.', 'invalid_label');
  const result = await deps.db
    .updateTable('mfa_totp_secrets')
    .set({ label: clean })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('No such authenticator secret.');
  const view = (await listTotpSecrets(deps, userId)).find((s) => s.id === id);
  if (!view) throw notFound('No such authenticator secret.');
  return view;
}

export async function deleteTotpSecret(deps: MfaDeps, userId: string, id: string): Promise<void> {
  const result = await deps.db
    .deleteFrom('mfa_totp_secrets')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No such authenticator secret.');
}

/**
 * Checks a TOTP code against one of the user's secrets. On success the time step is stored so the code
 * cannot be used again (atomically: two concurrent uses of one code cannot both pass) and an unconfirmed
 * secret becomes confirmed — that is how enrolment is confirmed. With `confirmedOnly` (sign-in by header)
 * an unconfirmed secret is accepted only while the user has no confirmed factor at all (first enrolment).
 */
export async function verifyTotpCode(
  deps: MfaDeps,
  userId: string,
  code: string,
  configurationId: string,
  options: { confirmedOnly?: boolean } = {},
): Promise<{ configurationId: string }> {
  const now = deps.now();
  await assertNotLimited(deps, userId, now);
  const row = await deps.db
    .selectFrom('mfa_totp_secrets')
    .select(['id', 'secret_enc', 'last_used_step', 'confirmed_at'])
    .where('user_id', '=', userId)
    .where('id', '=', configurationId)
    .executeTakeFirst();
  let usable = row !== undefined;
  if (row && options.confirmedOnly && row.confirmed_at === null) usable = !(await hasMfa(deps, userId));
  if (!row && !options.confirmedOnly) throw notFound('No such authenticator app.');
  if (row && usable && isCodeShaped(code.replace(/\s/g, ''))) {
    const verdict = verifyTotp(
      unseal(deps.secret, SEAL_PURPOSE, row.secret_enc),
      code,
      now,
      row.last_used_step,
    );
    if (verdict.ok) {
      const updated = await deps.db
        .updateTable('mfa_totp_secrets')
        .set((eb) => ({
          last_used_step: verdict.step,
          confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)),
        }))
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', verdict.step)]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        await deps.passed?.(userId);
        return { configurationId: row.id };
      }
    }
  }
  throw invalidCode(await recordFailure(deps, userId, 'totp', now));
}

// ---------------------------------------------------------------- e-mail challenge

export interface StartedEmailChallenge {
  challengeId: string;
  /** The plain code, to be mailed and forgotten: only its keyed hash is stored. */
  code: string;
  email: string;
  expiresAt: number;
}

/** Creates a challenge for `email` (the configured address, or the account's when enrolling). */
export async function startEmailChallenge(
  deps: MfaDeps,
  userId: string,
  email: string,
): Promise<StartedEmailChallenge> {
  const now = deps.now();
  await assertNotLimited(deps, userId, now);
  const recent = await deps.db
    .selectFrom('mfa_email_challenges')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', now - MFA_LIMITS.windowMs)
    .orderBy('created_at', 'asc')
    .execute();
  if (recent.length >= EMAIL_SENDS_PER_WINDOW) {
    const retry = Math.max(
      1,
      Math.ceil(
        (recent[recent.length - EMAIL_SENDS_PER_WINDOW]!.created_at + MFA_LIMITS.windowMs - now) / 1000,
      ),
    );
    throw tooManyAttempts(
      retry,
      'Too many codes were sent. Use the last code you received, or try again later.',
      'too_many_codes',
    );
  }
  const code = randomDigits(6);
  const expiresAt = now + EMAIL_CODE_TTL_MS;
  // A new code replaces the earlier ones: only the latest challenge can be answered.
  await deps.db
    .updateTable('mfa_email_challenges')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const row = await deps.db
    .insertInto('mfa_email_challenges')
    .values({
      user_id: userId,
      email,
      code_hash: keyedHash(deps.secret, 'email-code', code),
      failures: 0,
      expires_at: expiresAt,
      used_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { challengeId: row.id, code, email, expiresAt };
}

/** Checks an e-mail code against the user's open challenge (the latest, or `challengeId`). Single use. */
export async function verifyEmailCode(
  deps: MfaDeps,
  userId: string,
  code: string,
  challengeId?: string,
): Promise<{ challengeId: string; email: string }> {
  const now = deps.now();
  await assertNotLimited(deps, userId, now);
  let query = deps.db
    .selectFrom('mfa_email_challenges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (challengeId) query = query.where('id', '=', challengeId);
  const challenge = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (!challenge) {
    throw new IdentityError(
      401,
      'mfa_invalid',
      'This e-mail code has expired or was already used: request a new one.',
      {
        attemptsLeft: await attemptsLeft(deps, userId, now),
      },
    );
  }
  if (challenge.failures >= MFA_LIMITS.failuresPerChallenge) {
    throw tooManyAttempts(
      1,
      'Too many wrong codes for this e-mail code: request a new code.',
      'challenge_exhausted',
    );
  }
  const candidate = code.replace(/\s/g, '');
  if (
    isCodeShaped(candidate) &&
    constantTimeEqual(keyedHash(deps.secret, 'email-code', candidate), challenge.code_hash)
  ) {
    const used = await deps.db
      .updateTable('mfa_email_challenges')
      .set({ used_at: now })
      .where('id', '=', challenge.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) {
      await deps.passed?.(userId);
      return { challengeId: challenge.id, email: challenge.email };
    }
  }
  await deps.db
    .updateTable('mfa_email_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', challenge.id)
    .execute();
  const left = Math.min(
    MFA_LIMITS.failuresPerChallenge - challenge.failures - 1,
    await recordFailure(deps, userId, 'email', now),
  );
  throw invalidCode(Math.max(0, left));
}

/** Turns the e-mail challenge on for the user (after a passed challenge to that address). */
export async function enableEmailMfa(
  deps: MfaDeps,
  userId: string,
  email: string,
  isDefault: boolean,
): Promise<void> {
  await deps.db
    .insertInto('mfa_email_configs')
    .values({ user_id: userId, email, is_default: isDefault })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email, is_default: isDefault }))
    .execute();
}

export async function deleteEmailMfa(deps: MfaDeps, userId: string): Promise<void> {
  const result = await deps.db
    .deleteFrom('mfa_email_configs')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('The e-mail challenge is not set up.');
}
