// Intake: the organisation's patients waiting for a therapist, placing them with a lead
// therapist (from the queue, or moved from another therapist with the reason kept), and the therapists' load.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { eligibleTherapists, alertNewCareTeamMember } from '../duty/service.ts';
import {
  adminScope,
  ancestry,
  callerOf,
  organisationTree,
  withDescendants,
} from '../organisations/access.ts';
import { waitingSinceSql, waitingSql } from '../organisations/numbers.ts';
import { assignTherapist } from '../patients/service.ts';
import { personLabel, recordOrganisationAudit } from '../staff/audit.ts';

/** The kind of therapist_notifications row that tells a therapist a patient was placed with them. */
export const PLACED_KIND = 'placed';

/**
 * Whether the therapist leads the intake of the organisation: a lead therapist (therapists.is_lead, set on the
 * staff page) of the organisation or of an organisation above it.
 */
export async function isOrganisationLead(
  db: Db,
  therapistId: string,
  organisationId: string,
): Promise<boolean> {
  const chain = ancestry(await organisationTree(db), organisationId);
  if (chain.length === 0) return false;
  const row = await db
    .selectFrom('therapists')
    .select('id')
    .where('id', '=', therapistId)
    .where('is_lead', '=', true)
    .where('organisation_id', 'in', chain)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The organisations whose intake the therapist runs as a lead (their own and those below it), their own
 * first then by name; none when they are not a lead.
 */
export async function intakeOrganisationsOf(
  db: Db,
  therapistId: string,
): Promise<Array<{ organisationId: string; name: string }>> {
  const therapist = await db
    .selectFrom('therapists')
    .select(['organisation_id', 'is_lead'])
    .where('id', '=', therapistId)
    .executeTakeFirst();
  if (!therapist?.is_lead || !therapist.organisation_id) return [];
  const ids = [...withDescendants(await organisationTree(db), [therapist.organisation_id])];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', ids).execute();
  const own = therapist.organisation_id;
  return rows
    .sort((a, b) =>
      a.id === own ? -1 : b.id === own ? 1 : a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    )
    .map((r) => ({ organisationId: r.id, name: r.name }));
}

/**
 * The caller may run the organisation's intake: one of its administrators, or (scope `therapist`) one of
 * its lead therapists. 404 otherwise, whether or not the organisation exists.
 */
export async function requireIntakeAccess(ctx: HandlerContext, organisationId: string): Promise<void> {
  const user = callerOf(ctx);
  if (user.scopes.includes('org-admin')) {
    const scope = await adminScope(ctx.db, user);
    if (scope.ids.has(organisationId)) return;
  }
  if (user.scopes.includes('therapist') && (await isOrganisationLead(ctx.db, user.uid, organisationId)))
    return;
  throw notFound('No such organisation.');
}

interface QueueRow {
  id: string;
  first_name: string;
  last_name: string;
  high_risk: boolean;
  waiting_since: Date | string;
  moments: number;
  journal: number;
  checkups: number;
  screenings: number;
  chat_requested: boolean;
}

const sortKey = (r: { high_risk: boolean; waiting_since: Date | string; id: string }) =>
  `${r.high_risk ? 0 : 1}|${new Date(r.waiting_since).toISOString()}|${r.id}`;

function readCursor(value: string): string {
  const key = Buffer.from(value, 'base64url').toString('utf8');
  if (/^[01]\|\d{4}-\d\d-\d\dT[\d:.]+Z\|.+$/.test(key)) return key;
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

/** The queue: high-risk first, then the longest waiting first, then by id; keyset-paged. */
export async function intakeQueue(db: Db, organisationId: string, pageSize: number, lastPage: string | null) {
  const after = lastPage === null ? null : readCursor(lastPage);
  const { rows } = await sql<QueueRow>`
    select p.id, p.first_name, p.last_name,
      coalesce(pr.high_risk, p.high_risk) as high_risk,
      ${waitingSinceSql} as waiting_since,
      (select count(*) from moments m where m.patient_id = p.id) as moments,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type = 'journal') as journal,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type = 'checkup') as checkups,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type in ('phq9', 'gad7')) as screenings,
      exists (select 1 from chat_sessions s where s.patient_id = p.id and s.status = 'requested') as chat_requested
    from patients p
    left join patient_risk pr on pr.patient_id = p.id
    where p.organisation_id = ${organisationId} and ${waitingSql}`.execute(db);
  const sorted = rows.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  const rest = after === null ? sorted : sorted.filter((r) => sortKey(r) > after);
  const items = rest.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({
      patientId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      highRisk: Boolean(r.high_risk),
      waitingSince: new Date(r.waiting_since).toISOString(),
      logged: {
        moments: Number(r.moments),
        journal: Number(r.journal),
        checkups: Number(r.checkups),
        screenings: Number(r.screenings),
      },
      chatRequested: Boolean(r.chat_requested),
    })),
    lastPage: rest.length > pageSize && last ? Buffer.from(sortKey(last)).toString('base64url') : null,
    total: rows.length,
  };
}

/** The therapist, when they may take the organisation's patients (of it or an organisation above it); 400 otherwise. */
export async function placeableTherapist(db: Db, organisationId: string, therapistId: string) {
  const therapist = (await eligibleTherapists(db, organisationId)).find((t) => t.id === therapistId);
  if (!therapist)
    throw badRequest('This therapist does not work for this organisation.', {
      fields: { therapistId: 'is not a therapist of this organisation' },
    });
  return therapist;
}

export interface Placement {
  patientId: string;
  therapistId: string;
  previousTherapistId: string | null;
  reason: string | null;
  assignedAt: string;
}

async function record(
  trx: Db,
  organisationId: string,
  placement: Omit<Placement, 'assignedAt'>,
  actorId: string,
  /** The therapist placed with (placeableTherapist's answer, read once per request). */
  therapist: { first_name: string; last_name: string; email: string },
): Promise<Placement> {
  const at = new Date();
  await trx
    .insertInto('care_assignments')
    .values({
      id: randomUUID(),
      patient_id: placement.patientId,
      organisation_id: organisationId,
      therapist_id: placement.therapistId,
      handed_over_by: placement.previousTherapistId,
      reason: placement.reason,
      actor_id: actorId,
      created_at: at,
    })
    .execute();
  // The organisation's audit log: who placed or moved whom, with whom, and why (a move's reason).
  const patient = await trx
    .selectFrom('patients')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', placement.patientId)
    .executeTakeFirst();
  await recordOrganisationAudit(trx, {
    organisationId,
    actorId,
    action: placement.previousTherapistId ? 'patient_reassigned' : 'patient_placed',
    subject: { id: placement.patientId, label: patient ? personLabel(patient) : placement.patientId },
    detail: {
      therapistId: placement.therapistId,
      therapist: personLabel(therapist),
      ...(placement.previousTherapistId ? { previousTherapistId: placement.previousTherapistId } : {}),
      ...(placement.reason ? { reason: placement.reason } : {}),
    },
  });
  // The console's alert: a patient was placed with the therapist (no health data).
  await trx
    .insertInto('therapist_notifications')
    .values({
      id: randomUUID(),
      therapist_id: placement.therapistId,
      patient_id: placement.patientId,
      kind: PLACED_KIND,
      payload: json({ organisationId, reassigned: placement.previousTherapistId !== null }),
      created_at: at,
    })
    .execute();
  return { ...placement, assignedAt: at.toISOString() };
}

/** Places waiting patients of the organisation with the therapist as lead, all or none. */
export async function placeFromQueue(
  db: Db,
  organisationId: string,
  therapistId: string,
  patientIds: string[],
  actorId: string,
): Promise<Placement[]> {
  return db.transaction().execute(async (trx) => {
    const therapist = await placeableTherapist(trx, organisationId, therapistId);
    const patients = await trx
      .selectFrom('patients')
      .select(['id', 'organisation_id'])
      .where('id', 'in', patientIds)
      .forUpdate()
      .execute();
    const known = new Set(patients.filter((p) => p.organisation_id === organisationId).map((p) => p.id));
    const unknown = patientIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new HttpError(404, 'not_found', 'No such patient in this organisation.', { patientIds: unknown });
    const taken = await trx
      .selectFrom('care_team')
      .select('patient_id')
      .distinct()
      .where('patient_id', 'in', patientIds)
      .execute();
    if (taken.length > 0)
      throw new HttpError(409, 'already_taken_on', 'Someone is already caring for a patient chosen.', {
        patientIds: taken.map((t) => t.patient_id).sort(),
      });
    const out: Placement[] = [];
    for (const patientId of patientIds) {
      // First member of the care team: assignTherapist makes them lead and records the consent and event.
      await assignTherapist(trx, patientId, therapistId, actorId);
      out.push(
        await record(
          trx,
          organisationId,
          { patientId, therapistId, previousTherapistId: null, reason: null },
          actorId,
          therapist,
        ),
      );
    }
    return out;
  });
}

/** Moves the patient's lead to another therapist; the previous lead leaves the care team. */
export async function reassign(
  db: Db,
  organisationId: string,
  patientId: string,
  therapistId: string,
  reason: string,
  actorId: string,
): Promise<Placement> {
  return db.transaction().execute(async (trx) => {
    const patient = await trx
      .selectFrom('patients')
      .select(['id', 'organisation_id'])
      .where('id', '=', patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!patient || patient.organisation_id !== organisationId)
      throw notFound('No such patient in this organisation.');
    const therapist = await placeableTherapist(trx, organisationId, therapistId);
    const team = await trx
      .selectFrom('care_team')
      .select(['therapist_id', 'role'])
      .where('patient_id', '=', patientId)
      .execute();
    const lead = team.find((t) => t.role === 'lead');
    if (team.length === 0 || !lead)
      throw new HttpError(
        409,
        'invalid_state',
        'This patient is waiting for a therapist: place them from the queue.',
      );
    if (lead.therapist_id === therapistId)
      throw new HttpError(409, 'invalid_state', 'This therapist already leads this patient’s care.');
    const now = new Date();
    await trx
      .deleteFrom('care_team')
      .where('patient_id', '=', patientId)
      .where('therapist_id', 'in', [lead.therapist_id, therapistId])
      .execute();
    await trx
      .insertInto('care_team')
      .values({ patient_id: patientId, therapist_id: therapistId, role: 'lead', created_at: now })
      .execute();
    await trx
      .insertInto('data_sharing_consents')
      .values({ patient_id: patientId, therapist_id: therapistId, consented_at: now, revoked_at: null })
      .onConflict((oc) => oc.columns(['patient_id', 'therapist_id']).doUpdateSet({ revoked_at: null }))
      .execute();
    await trx
      .insertInto('care_events')
      .values([
        {
          id: randomUUID(),
          patient_id: patientId,
          therapist_id: lead.therapist_id,
          event: 'reassigned-from',
          actor_id: actorId,
        },
        {
          id: randomUUID(),
          patient_id: patientId,
          therapist_id: therapistId,
          event: 'lead-transferred',
          actor_id: actorId,
        },
      ])
      .execute();
    await alertNewCareTeamMember(trx, patientId, therapistId);
    return record(
      trx,
      organisationId,
      { patientId, therapistId, previousTherapistId: lead.therapist_id, reason },
      actorId,
      therapist,
    );
  });
}

/** Per therapist who may take the organisation's patients: their patients, high-risk ones, open alerts, waiting chat requests. */
export async function therapistLoad(db: Db, organisationId: string) {
  const therapists = await eligibleTherapists(db, organisationId);
  if (therapists.length === 0) return { items: [] };
  const ids = therapists.map((t) => t.id);
  const { rows } = await sql<{
    therapist_id: string;
    patients: number;
    high_risk: number;
    open_alerts: number;
    chat_requests: number;
  }>`
    select t.id as therapist_id,
      (select count(*) from care_team c where c.therapist_id = t.id) as patients,
      (select count(*) from care_team c join patients p on p.id = c.patient_id
         left join patient_risk pr on pr.patient_id = p.id
         where c.therapist_id = t.id and coalesce(pr.high_risk, p.high_risk)) as high_risk,
      (select count(*) from therapist_notifications n
         where n.therapist_id = t.id and n.kind = 'high-risk' and n.acknowledged_at is null) as open_alerts,
      (select count(*) from chat_sessions s
         where s.status = 'requested'
           and (s.therapist_id = t.id
                or exists (select 1 from care_team c where c.patient_id = s.patient_id and c.therapist_id = t.id))) as chat_requests
    from therapists t where t.id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((r) => [r.therapist_id, r]));
  return {
    items: therapists.map((t) => {
      const r = byId.get(t.id);
      return {
        therapistId: t.id,
        firstName: t.first_name,
        lastName: t.last_name,
        organisationId: t.organisation_id,
        patients: Number(r?.patients ?? 0),
        highRiskPatients: Number(r?.high_risk ?? 0),
        openAlerts: Number(r?.open_alerts ?? 0),
        waitingChatRequests: Number(r?.chat_requests ?? 0),
      };
    }),
  };
}
