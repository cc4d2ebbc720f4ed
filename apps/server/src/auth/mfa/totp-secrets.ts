// TOTP second factors (see ./service.ts for the rules): create a secret (unconfirmed until its first
// correct code), rename, delete, and check a code.
import { seal, unseal } from '../crypto.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assertNotLimited, recordFailure } from './limiter.ts';
import { generateSecret, isCodeShaped, otpauthUri, verifyTotp } from './totp.ts';
import {
  MAX_SECRETS,
  SEAL_PURPOSE,
  cleanLabel,
  hasMfa,
  invalidCode,
  listTotpSecrets,
  type MfaDeps,
  type TotpSecretView,
} from './service.ts';

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
