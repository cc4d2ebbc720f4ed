// The server's own second factors (the Auth emulator has none): TOTP secrets with id and label, and
// the e-mail challenge. Rules: a code is accepted once; 5 failures kill an e-mail challenge; failures are
// limited per source, per user and source, and slowed down per user except on the user's usual devices
// (limiter.ts).
//
// This file: the dependencies, limits and views every part shares, and a user's configured factors; the
// TOTP secrets are in ./totp-secrets.ts, the e-mail challenge in ./email-challenge.ts.
import type { Db } from '../../db/index.ts';
import { IdentityError, badRequest } from '../errors.ts';
import type { MfaLimits, MfaSource } from './limiter.ts';

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

export const SEAL_PURPOSE = 'totp-secret';

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

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** `p***@example.com`: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}*****@${domain}`;
}

export function cleanLabel(label: string | undefined, fallback: string): string {
  const value = (label ?? '').replace(/\s+/g, ' ').trim();
  if (value.length > LABEL_MAX)
    throw badRequest(`A label has at most ${LABEL_MAX} characters.`, 'invalid_label');
  return value || fallback;
}

export function invalidCode(left: number): IdentityError {
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
