// Organisation membership of patients: the organisation access code (what people type at sign-up) and
// admitting a patient (by an administrator, an access code or a whitelisted e-mail), one redemption each.
// Shared by the organisations and join modules.
import { randomInt, randomUUID } from 'node:crypto';
import { grantRole } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import {
  effectiveEnabled,
  loadOrgs,
  lockOrganisation,
  ownValues,
  sectionView,
  subscriptionValidity,
  type OrgContext,
  type OrgRow,
} from './service.ts';

/** Capitals and digits without the look-alikes 0/O and 1/I. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ORGANISATION_CODE_LENGTH = 10;

/** A code as typed (case, spaces and hyphens ignored) in the stored form. */
export function normaliseAccessCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** A random access code of `length` characters (organisations' and patients' codes alike). */
export function randomAccessCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * A random access code of `length` characters that nobody holds yet (`isTaken` says), drawn again up to
 * `attempts` times (organisations' and patients' codes alike); throws `failure` when every draw was taken.
 */
export async function freeAccessCode(
  length: number,
  attempts: number,
  isTaken: (code: string) => Promise<boolean>,
  failure: string,
): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const code = randomAccessCode(length);
    if (!(await isTaken(code))) return code;
  }
  throw new Error(failure);
}

/** Gives the organisation a new random access code (the old one stops working) and answers it. */
export async function assignAccessCode(db: Db, organisationId: string): Promise<string> {
  const code = await freeAccessCode(
    ORGANISATION_CODE_LENGTH,
    8,
    async (code) =>
      (await db
        .selectFrom('organisations')
        .select('id')
        .where('access_code', '=', code)
        .executeTakeFirst()) !== undefined,
    'could not find a free organisation access code',
  );
  await db
    .updateTable('organisations')
    .set({ access_code: code, updated_at: new Date() })
    .where('id', '=', organisationId)
    .execute();
  return code;
}

/** The organisation whose access code this is (typed form accepted), or null. */
export async function organisationForAccessCode(db: Db, input: string): Promise<string | null> {
  const code = normaliseAccessCode(input);
  if (code.length < 6) return null;
  const row = await db
    .selectFrom('organisations')
    .select('id')
    .where('access_code', '=', code)
    .executeTakeFirst();
  return row?.id ?? null;
}

function maxRedemptions(orgs: OrgContext, id: string): number | null {
  const value = sectionView(orgs, id, 'subscription', true).maxRedemptions;
  return typeof value === 'number' ? value : null;
}

/** Why the organisation cannot take a new patient now, as the 409 to answer; null when it can. */
export function admissionProblem(orgs: OrgContext, id: string): HttpError | null {
  if (!effectiveEnabled(orgs, id))
    return new HttpError(
      409,
      'organisation_disabled',
      'This organisation is disabled: its access codes do not work.',
    );
  const validity = subscriptionValidity(orgs, id);
  if (validity.reason === 'expired' || validity.reason === 'not_started') {
    return new HttpError(409, 'subscription_not_valid', 'This organisation’s subscription is not in date.', {
      reason: validity.reason,
    });
  }
  const max = maxRedemptions(orgs, id);
  if (max !== null && (orgs.redemptions.get(id) ?? 0) >= max) {
    return new HttpError(
      409,
      'no_redemptions_left',
      'This organisation has no access-code redemptions left.',
    );
  }
  return null;
}

export interface Membership {
  organisationId: string;
  patientId: string;
  joinedAt: string;
  /** False when the patient already belonged to the organisation (nothing changed). */
  created: boolean;
}

export interface NewPatient {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Makes `patient` a member of `organisationId`, inside the caller's transaction: an existing patient moves
 * (when `move` allows it), a user without a patient record gets one and the patient role. Counts one
 * redemption; answers the membership again when they already belong to it.
 */
export async function admitPatient(
  trx: Db,
  organisationId: string,
  patient: NewPatient,
  redeemedBy: string,
  options: { move: boolean },
): Promise<Membership> {
  const existing = await trx
    .selectFrom('patients')
    .select(['id', 'organisation_id', 'created_at'])
    .where('id', '=', patient.userId)
    .forUpdate()
    .executeTakeFirst();
  if (existing && existing.organisation_id === organisationId) {
    const last = await trx
      .selectFrom('organisation_redemptions')
      .select('redeemed_at')
      .where('organisation_id', '=', organisationId)
      .where('patient_id', '=', patient.userId)
      .orderBy('redeemed_at', 'desc')
      .executeTakeFirst();
    return {
      organisationId,
      patientId: patient.userId,
      joinedAt: new Date(last?.redeemed_at ?? existing.created_at).toISOString(),
      created: false,
    };
  }
  if (existing && !options.move) {
    throw new HttpError(
      409,
      'already_member',
      'You are already a patient of another organisation: ask its administrator to move you.',
    );
  }
  // The organisation row is locked so two people cannot take the last redemption together.
  await lockOrganisation(trx, organisationId);
  const orgs = await loadOrgs(trx);
  if (!orgs.rows.has(organisationId)) throw new HttpError(404, 'not_found', 'No such organisation.');
  const problem = admissionProblem(orgs, organisationId);
  if (problem) throw problem;
  const now = new Date();
  if (existing) {
    await trx
      .updateTable('patients')
      .set({ organisation_id: organisationId, updated_at: now })
      .where('id', '=', patient.userId)
      .execute();
  } else {
    await trx
      .insertInto('patients')
      .values({
        id: patient.userId,
        organisation_id: organisationId,
        email: patient.email,
        first_name: patient.firstName,
        last_name: patient.lastName,
        high_risk: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await grantRole(trx, patient.userId, 'patient');
  }
  await trx
    .insertInto('organisation_redemptions')
    .values({
      id: randomUUID(),
      organisation_id: organisationId,
      patient_id: patient.userId,
      redeemed_by: redeemedBy,
      redeemed_at: now,
    })
    .execute();
  return { organisationId, patientId: patient.userId, joinedAt: now.toISOString(), created: true };
}

/** The domain of an address and its parent domains (a.b.example.org → a.b.example.org, b.example.org, example.org). */
function domainsOf(email: string): string[] {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const parts = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length - 1; i += 1) out.push(parts.slice(i).join('.'));
  return out;
}

const byNameThenId = (a: OrgRow, b: OrgRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The enabled organisation that whitelists the address's domain (its own `whitelistedDomains`): the most
 * specific listed domain wins (an exact domain before a parent domain), then the name. Null when none.
 */
export function whitelistingOrganisation(orgs: OrgContext, email: string): OrgRow | null {
  const domains = domainsOf(email);
  const matches = [...orgs.rows.values()]
    .filter((r) => effectiveEnabled(orgs, r.id))
    .map((r) => {
      const listed = ownValues(r, 'details').whitelistedDomains;
      const list = Array.isArray(listed) ? listed.map((d) => String(d).toLowerCase()) : [];
      return { row: r, rank: domains.findIndex((d) => list.includes(d)) };
    })
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || byNameThenId(a.row, b.row));
  return matches[0]?.row ?? null;
}
