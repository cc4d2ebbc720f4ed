// Who is calling and who may see what in a chat: the caller, names, the care team, the organisations an
// administrator runs, which therapists may take a patient's chat. See service.ts for the whole.
import { sql } from 'kysely';
import { unauthenticated } from '../../http/errors.ts';
import type { AuthUser, HandlerContext } from '../../http/types.ts';
import { careRole } from '../patients/access.ts';
import type { Tx } from './types.ts';

export function currentUser(ctx: HandlerContext): AuthUser {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export const isTherapist = (user: AuthUser) =>
  user.scopes.includes('therapist') || user.scopes.includes('lead-therapist');
export const isPatient = (user: AuthUser) => user.scopes.includes('patient');

// ---------------------------------------------------------------------------------------------------------
// Names

/** Display names of patients and therapists by user id ("Unknown" for ids that are neither). */
export async function namesOf(db: Tx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  const names = new Map<string, string>();
  if (list.length === 0) return names;
  const [patients, therapists] = await Promise.all([
    db.selectFrom('patients').select(['id', 'first_name', 'last_name']).where('id', 'in', list).execute(),
    db.selectFrom('therapists').select(['id', 'first_name', 'last_name']).where('id', 'in', list).execute(),
  ]);
  for (const r of [...patients, ...therapists]) names.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return names;
}

// ---------------------------------------------------------------------------------------------------------
// Access

/** Whether the therapist is in the patient's care team (any role). */
export async function inCareTeam(db: Tx, therapistId: string, patientId: string): Promise<boolean> {
  return (await careRole(db, patientId, therapistId)) !== null;
}

/** Whether the therapist may see the patient's chats: care team, or a participant of one of them (invited). */
export async function therapistSeesPatient(db: Tx, therapistId: string, patientId: string): Promise<boolean> {
  if (await inCareTeam(db, therapistId, patientId)) return true;
  const row = await db
    .selectFrom('chat_participants as p')
    .innerJoin('chat_sessions as s', 's.id', 'p.session_id')
    .select('p.session_id')
    .where('s.patient_id', '=', patientId)
    .where('p.user_id', '=', therapistId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The organisations an admin administers, with every descendant (a child belongs to its parent's admins). */
export async function adminOrganisations(db: Tx, user: AuthUser): Promise<string[]> {
  const claims = (user.claims ?? {}) as { adminOf?: unknown };
  const roots = Array.isArray(claims.adminOf)
    ? claims.adminOf.filter((v): v is string => typeof v === 'string')
    : [];
  if (roots.length === 0) return [];
  const rows = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from organisations where id in (${sql.join(roots)})
      union
      select o.id from organisations o join tree t on o.parent_id = t.id
    )
    select id from tree`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** The root organisation of an organisation (following parent_id). */
async function rootOrganisation(db: Tx, organisationId: string): Promise<string> {
  const rows = await sql<{ id: string; parent_id: string | null }>`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from organisations where id = ${organisationId}
      union all
      select o.id, o.parent_id, u.depth + 1 from organisations o join up u on o.id = u.parent_id where u.depth < 32
    )
    select id, parent_id from up where parent_id is null`.execute(db);
  return rows.rows[0]?.id ?? organisationId;
}

/** A therapist may join a patient's chat when both belong to the same organisation tree. */
export async function therapistEligibleFor(
  db: Tx,
  therapistId: string,
  patientId: string,
): Promise<'missing' | 'ineligible' | 'eligible'> {
  const [therapist, patient] = await Promise.all([
    db.selectFrom('therapists').select('organisation_id').where('id', '=', therapistId).executeTakeFirst(),
    db.selectFrom('patients').select('organisation_id').where('id', '=', patientId).executeTakeFirst(),
  ]);
  if (!therapist) return 'missing';
  if (!patient) return 'ineligible';
  const [a, b] = await Promise.all([
    rootOrganisation(db, therapist.organisation_id),
    rootOrganisation(db, patient.organisation_id),
  ]);
  return a === b ? 'eligible' : 'ineligible';
}
