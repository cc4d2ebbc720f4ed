// Who may see or change a patient's data. Every care handler calls one of these explicitly.
// - a patient sees only their own data (scope `patient`, uid = patient id);
// - a therapist sees only patients assigned to them (a care_team row); lead-only rules on top;
// - an organisation administrator sees therapists of their organisations (and their children).
// Refusals do not reveal whether the patient exists: the same 403 for "not yours" and "no such patient".
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PatientsTable, TherapistsTable } from '../../db/tables/core.ts';
import { forbidden, unauthenticated } from '../../http/errors.ts';
import type { AuthUser, HandlerContext } from '../../http/types.ts';

export type CareRole = 'lead' | 'invited' | 'handover';

/** A patient as the care handlers read one: the columns of PATIENT_COLUMNS. */
export type PatientRow = Pick<Selectable<PatientsTable>, (typeof PATIENT_COLUMNS)[number]>;

/** The columns of a PatientRow. */
const PATIENT_COLUMNS = [
  'id',
  'organisation_id',
  'email',
  'first_name',
  'last_name',
  'high_risk',
  'created_at',
] as const;

/** A therapist as the care handlers read one: the columns of THERAPIST_COLUMNS. */
export type TherapistRow = Pick<Selectable<TherapistsTable>, (typeof THERAPIST_COLUMNS)[number]>;

/** The columns of a TherapistRow. */
export const THERAPIST_COLUMNS = [
  'id',
  'organisation_id',
  'email',
  'first_name',
  'last_name',
  'biography',
  'timezone',
  'created_at',
] as const;

export function caller(ctx: HandlerContext): AuthUser {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export const hasScope = (user: AuthUser, scope: string) => user.scopes.includes(scope);

export async function findPatient(db: Db, patientId: string): Promise<PatientRow | undefined> {
  return db.selectFrom('patients').select(PATIENT_COLUMNS).where('id', '=', patientId).executeTakeFirst();
}

export async function findTherapist(db: Db, therapistId: string): Promise<TherapistRow | undefined> {
  return db
    .selectFrom('therapists')
    .select(THERAPIST_COLUMNS)
    .where('id', '=', therapistId)
    .executeTakeFirst();
}

/** The calling patient's own record (403 when the caller is not a patient with a record). */
export async function requireSelfPatient(ctx: HandlerContext): Promise<PatientRow> {
  const user = caller(ctx);
  if (!hasScope(user, 'patient')) throw forbidden('Only patients can do this.');
  const row = await findPatient(ctx.db, user.uid);
  if (!row) throw forbidden('There is no patient record for this account.');
  return row;
}

/** The calling therapist's own record (403 when the caller is not a therapist with a profile). */
export async function requireSelfTherapist(ctx: HandlerContext): Promise<TherapistRow> {
  const user = caller(ctx);
  if (!hasScope(user, 'therapist')) throw forbidden('Only therapists can do this.');
  const row = await findTherapist(ctx.db, user.uid);
  if (!row) throw forbidden('There is no therapist profile for this account.');
  return row;
}

/** The therapist's role in the patient's care team, or null when not assigned. */
export async function careRole(db: Db, patientId: string, therapistId: string): Promise<CareRole | null> {
  const row = await db
    .selectFrom('care_team')
    .select('role')
    .where('patient_id', '=', patientId)
    .where('therapist_id', '=', therapistId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The patient's lead therapist, or undefined when their care team has no lead. */
export async function leadTherapistOf(db: Db, patientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('care_team')
    .select('therapist_id')
    .where('patient_id', '=', patientId)
    .where('role', '=', 'lead')
    .executeTakeFirst();
  return row?.therapist_id;
}

export type PatientAccess =
  | { as: 'patient'; patient: PatientRow }
  | { as: 'therapist'; patient: PatientRow; therapistId: string; role: CareRole };

/**
 * The caller may see this patient's data: the patient themself, or a therapist of their care team.
 * Anyone else gets 403 (whether or not the patient exists).
 */
export async function assertCanSeePatient(ctx: HandlerContext, patientId: string): Promise<PatientAccess> {
  const user = caller(ctx);
  if (hasScope(user, 'patient') && user.uid === patientId) {
    const patient = await findPatient(ctx.db, patientId);
    if (patient) return { as: 'patient', patient };
  }
  if (hasScope(user, 'therapist')) {
    const role = await careRole(ctx.db, patientId, user.uid);
    if (role) {
      const patient = await findPatient(ctx.db, patientId);
      if (patient) return { as: 'therapist', patient, therapistId: user.uid, role };
    }
  }
  throw forbidden('You may only see your own data or that of patients assigned to you.');
}

/** The caller is a therapist of the patient's care team (403 otherwise). */
export async function assertAssignedTherapist(ctx: HandlerContext, patientId: string) {
  const user = caller(ctx);
  if (hasScope(user, 'therapist')) {
    const role = await careRole(ctx.db, patientId, user.uid);
    if (role) {
      const patient = await findPatient(ctx.db, patientId);
      if (patient) return { patient, therapistId: user.uid, role };
    }
  }
  throw forbidden('This patient is not assigned to you.');
}

/** The organisations an administrator runs (claims.adminOf), with every descendant organisation. */
export async function adminOrganisationIds(db: Db, user: AuthUser): Promise<string[]> {
  if (!hasScope(user, 'org-admin')) return [];
  const adminOf = (user.claims as { adminOf?: unknown } | undefined)?.adminOf;
  const roots = Array.isArray(adminOf) ? adminOf.filter((o): o is string => typeof o === 'string') : [];
  if (roots.length === 0) return [];
  const all = await db.selectFrom('organisations').select(['id', 'parent_id']).execute();
  const result = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of all) {
      if (o.parent_id && result.has(o.parent_id) && !result.has(o.id)) {
        result.add(o.id);
        grew = true;
      }
    }
  }
  return [...result];
}
