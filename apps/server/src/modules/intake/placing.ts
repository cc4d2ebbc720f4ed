// Intake, placing patients (see ./service.ts): with a lead therapist from the queue (all or none), or moved
// from their lead to another therapist with the reason kept; each placement recorded, audited and told.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { eligibleTherapists } from '../duty/service.ts';
import { alertNewCareTeamMember } from '../duty/alerts.ts';
import { assignTherapist } from '../patients/service.ts';
import { personLabel, recordOrganisationAudit } from '../staff/audit.ts';
import { PLACED_KIND } from './service.ts';

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

/**
 * Locks the patients' rows for the placing or moving that follows, and answers those of them that are not
 * patients of the organisation (none: all may be placed).
 */
async function lockPatientsOf(trx: Db, organisationId: string, patientIds: string[]): Promise<string[]> {
  const patients = await trx
    .selectFrom('patients')
    .select(['id', 'organisation_id'])
    .where('id', 'in', patientIds)
    .forUpdate()
    .execute();
  const known = new Set(patients.filter((p) => p.organisation_id === organisationId).map((p) => p.id));
  return patientIds.filter((id) => !known.has(id));
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
    const unknown = await lockPatientsOf(trx, organisationId, patientIds);
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
    if ((await lockPatientsOf(trx, organisationId, [patientId])).length > 0)
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
