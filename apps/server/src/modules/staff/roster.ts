// The staff of one organisation as roles held there: `therapist` (a therapists row of the organisation and
// the therapist role), `lead-therapist` (that row's is_lead) and `org-admin` (an admin row for the
// organisation itself; administrators of an organisation above it are changed there, not here). Changing
// roles and removing someone: administrators of the organisation only (404 for anyone else's staff).
import type { Db } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { forgetUser, grantRole, revokeRole } from '../../auth/users.ts';
import { personLabel, recordOrganisationAudit } from './audit.ts';

export type StaffRole = 'therapist' | 'lead-therapist' | 'org-admin';
const ORDER: StaffRole[] = ['therapist', 'lead-therapist', 'org-admin'];

interface Person {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

export interface Holding {
  person: Person;
  roles: StaffRole[];
  therapistHere: boolean;
  therapistElsewhere: boolean;
  patient: boolean;
}

/** What the person holds in the organisation; 404 when they are not on its staff. */
export async function holding(db: Db, organisationId: string, userId: string): Promise<Holding> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const therapist = await db
    .selectFrom('therapists')
    .select(['organisation_id', 'is_lead', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const roles = await db
    .selectFrom('user_roles')
    .select(['role', 'organisation_id'])
    .where('user_id', '=', userId)
    .execute();
  const here: StaffRole[] = [];
  const therapistHere = therapist?.organisation_id === organisationId;
  if (therapistHere) here.push('therapist');
  if (therapistHere && therapist?.is_lead) here.push('lead-therapist');
  if (roles.some((r) => r.role === 'admin' && r.organisation_id === organisationId)) here.push('org-admin');
  if (here.length === 0) throw notFound('No such member of this organisation’s staff.');
  const person = user ?? {
    id: userId,
    email: therapist!.email,
    first_name: therapist!.first_name,
    last_name: therapist!.last_name,
  };
  return {
    person,
    roles: here,
    therapistHere,
    therapistElsewhere: !!therapist && !therapistHere,
    patient: roles.some((r) => r.role === 'patient'),
  };
}

const memberView = (p: Person, roles: StaffRole[]) => ({
  userId: p.id,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
  roles: ORDER.filter((r) => roles.includes(r)),
});

async function patientCount(db: Db, therapistId: string): Promise<number> {
  const row = await db
    .selectFrom('care_team')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('therapist_id', '=', therapistId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes the therapist role (their therapists row: availability, rota shifts and notifications go with it). */
async function dropTherapist(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('therapists').where('id', '=', userId).execute();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', 'therapist').execute();
}

export async function setStaffRoles(
  ctx: HandlerContext,
  organisationId: string,
  userId: string,
  actorId: string,
  requested: StaffRole[],
) {
  const wanted = new Set(requested);
  if (wanted.has('lead-therapist')) wanted.add('therapist');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const held = await holding(db, organisationId, userId);
    const before = held.roles;
    const after = ORDER.filter((r) => wanted.has(r));
    if (before.join() === after.join()) return memberView(held.person, after);
    if (before.includes('org-admin') && !after.includes('org-admin') && userId === actorId)
      throw conflict('You cannot take your own administrator role: ask another administrator.');
    if (after.includes('therapist') && !held.therapistHere) {
      if (held.therapistElsewhere)
        throw conflict(
          'This person is a therapist of another organisation: they work for one organisation at a time.',
        );
      if (held.patient)
        throw conflict('This person has a patient account; a therapist needs a staff account of their own.');
      const now = new Date();
      await trx
        .insertInto('therapists')
        .values({
          id: userId,
          organisation_id: organisationId,
          email: held.person.email,
          first_name: held.person.first_name ?? '',
          last_name: held.person.last_name ?? '',
          biography: '',
          timezone: 'Europe/London',
          is_lead: after.includes('lead-therapist'),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await grantRole(db, userId, 'therapist');
    } else if (!after.includes('therapist') && held.therapistHere) {
      const patients = await patientCount(db, userId);
      if (patients > 0)
        throw conflict(
          'This therapist still cares for patients: remove them from the organisation instead, choosing where each patient goes.',
          { patients },
        );
      await dropTherapist(db, userId);
    } else if (held.therapistHere && before.includes('lead-therapist') !== after.includes('lead-therapist')) {
      await trx
        .updateTable('therapists')
        .set({ is_lead: after.includes('lead-therapist'), updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    }
    if (after.includes('org-admin') && !before.includes('org-admin'))
      await grantRole(db, userId, 'admin', organisationId);
    if (!after.includes('org-admin') && before.includes('org-admin'))
      await revokeRole(db, userId, 'admin', organisationId);
    await recordOrganisationAudit(db, {
      organisationId,
      actorId,
      action: 'roles_changed',
      subject: { id: userId, label: personLabel(held.person) },
      detail: { previousRoles: before, roles: after },
    });
    return memberView(held.person, after);
  });
  forgetUser(ctx.db, userId);
  return result;
}

async function otherTherapists(db: Db, organisationId: string, except: string) {
  return db
    .selectFrom('therapists')
    .select(['id as userId', 'first_name as firstName', 'last_name as lastName'])
    .where('organisation_id', '=', organisationId)
    .where('id', '!=', except)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

async function patientsOf(db: Db, therapistId: string) {
  return db
    .selectFrom('care_team')
    .innerJoin('patients', 'patients.id', 'care_team.patient_id')
    .select(['patients.id', 'patients.first_name', 'patients.last_name', 'care_team.role'])
    .where('care_team.therapist_id', '=', therapistId)
    .orderBy('patients.last_name')
    .orderBy('patients.first_name')
    .orderBy('patients.id')
    .execute();
}

export async function staffPatients(db: Db, organisationId: string, userId: string) {
  const held = await holding(db, organisationId, userId);
  const items = held.therapistHere ? await patientsOf(db, userId) : [];
  return {
    items: items.map((p) => ({
      patientId: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      isLead: p.role === 'lead',
    })),
    therapists: await otherTherapists(db, organisationId, userId),
  };
}

export interface Placement {
  patientId: string;
  therapistId: string | null;
}

export async function removeStaffMember(
  ctx: HandlerContext,
  organisationId: string,
  userId: string,
  actorId: string,
  placements: Placement[],
) {
  if (userId === actorId)
    throw conflict('You cannot remove yourself: ask another administrator of the organisation.');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    await trx.selectFrom('therapists').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const held = await holding(db, organisationId, userId);
    const patients = held.therapistHere ? await patientsOf(db, userId) : [];
    const theirs = new Map(patients.map((p) => [p.id, p]));
    const given = new Map<string, string | null>();
    const duplicated: string[] = [];
    for (const p of placements) {
      if (given.has(p.patientId)) duplicated.push(p.patientId);
      given.set(p.patientId, p.therapistId);
    }
    const missing = [...theirs.keys()].filter((id) => !given.has(id));
    const extra = [...given.keys()].filter((id) => !theirs.has(id));
    if (missing.length > 0 || extra.length > 0 || duplicated.length > 0)
      throw conflict(
        'Say where each of this therapist’s patients goes (another therapist or the intake queue), once each.',
        { patients: { missing, extra, duplicated } },
      );
    const colleagues = new Set((await otherTherapists(db, organisationId, userId)).map((t) => t.userId));
    const wrong = placements.filter((p) => p.therapistId !== null && !colleagues.has(p.therapistId));
    if (wrong.length > 0)
      throw badRequest('A patient can go only to another therapist of this organisation.', {
        fields: Object.fromEntries(
          placements.flatMap((p, i) =>
            p.therapistId !== null && !colleagues.has(p.therapistId)
              ? [[`placements/${i}/therapistId`, 'is not another therapist of this organisation']]
              : [],
          ),
        ),
      });
    let toTherapists = 0;
    let toIntake = 0;
    await trx.deleteFrom('care_team').where('therapist_id', '=', userId).execute();
    for (const p of placements) {
      if (p.therapistId === null) {
        toIntake += 1;
        continue;
      }
      toTherapists += 1;
      const wasLead = theirs.get(p.patientId)?.role === 'lead';
      const existing = await trx
        .selectFrom('care_team')
        .select('role')
        .where('patient_id', '=', p.patientId)
        .where('therapist_id', '=', p.therapistId)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('care_team')
          .values({
            patient_id: p.patientId,
            therapist_id: p.therapistId,
            role: wasLead ? 'lead' : theirs.get(p.patientId)!.role,
            created_at: new Date(),
          })
          .execute();
      } else if (wasLead && existing.role !== 'lead') {
        await trx
          .updateTable('care_team')
          .set({ role: 'lead' })
          .where('patient_id', '=', p.patientId)
          .where('therapist_id', '=', p.therapistId)
          .execute();
      }
    }
    if (held.therapistHere) await dropTherapist(db, userId);
    await revokeRole(db, userId, 'admin', organisationId);
    await recordOrganisationAudit(db, {
      organisationId,
      actorId,
      action: 'staff_removed',
      subject: { id: userId, label: personLabel(held.person) },
      detail: { previousRoles: held.roles, toTherapists, toIntake },
    });
    return { userId, toTherapists, toIntake };
  });
  forgetUser(ctx.db, userId);
  return result;
}
