// The therapist's caseload (tag `therapist`): taking a patient on by their access code, the list of
// assigned patients, discharge, the high-risk flag and whether the caller leads a patient's care.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { assertAssignedTherapist, requireSelfTherapist } from '../patients/access.ts';
import { riskSummary, setRisk } from '../patients/risk.ts';
import { patientIdForAccessCode } from '../patients/service.ts';
import { organisationTree, withDescendants } from '../organisations/access.ts';
import { alertNewCareTeamMember } from '../duty/alerts.ts';
import { listAssignedPatients } from './caseload-page.ts';

export const caseloadHandlers: Handlers = {
  /** A patient's access code (getAccessCode) adds the caller to their care team; lead when there is none. */
  redeemPatientAccessCode: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const code = String((ctx.body as { accessCode: string }).accessCode);
    const unknown = () =>
      new HttpError(
        404,
        'invalid_access_code',
        'This access code is not known or has expired: ask the patient for the code the app shows now.',
      );
    const patientId = await patientIdForAccessCode(ctx.db, code);
    if (!patientId) throw unknown();
    return ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .select(['id', 'organisation_id', 'first_name', 'last_name'])
        .where('id', '=', patientId)
        .forUpdate()
        .executeTakeFirst();
      // Only within the therapist's organisation and its children; elsewhere the code is "not known".
      const reach = withDescendants(await organisationTree(trx as unknown as Db), [me.organisation_id]);
      if (!patient || !reach.has(patient.organisation_id)) throw unknown();
      const team = await trx
        .selectFrom('care_team')
        .select(['therapist_id', 'role'])
        .where('patient_id', '=', patientId)
        .execute();
      const mine = team.find((t) => t.therapist_id === me.id);
      let role = mine?.role;
      if (!role) {
        role = team.some((t) => t.role === 'lead') ? 'invited' : 'lead';
        await trx
          .insertInto('care_team')
          .values({ patient_id: patientId, therapist_id: me.id, role, created_at: new Date() })
          .execute();
        // Open risk follows the patient: any open, unacknowledged risk shows to them at once as an alert.
        await alertNewCareTeamMember(trx, patientId, me.id);
        ctx.log.info({ therapistId: me.id, patientId, role }, 'therapist took on a patient by access code');
      }
      return {
        patientId,
        firstName: patient.first_name,
        lastName: patient.last_name,
        isLead: role === 'lead',
      };
    });
  },

  /** High-risk first, then latest activity, then names and id; searched and filtered (./caseload-page.ts). */
  listAssignedPatients,

  /** The caller leaves the patient's care team; moments stay. A departing lead hands lead to the longest-assigned other therapist. */
  dischargePatient: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId, role } = await assertAssignedTherapist(ctx, patientId);
    await ctx.db.transaction().execute(async (trx) => {
      // An event of this patient's care, the caller's doing.
      const careEvent = (therapist: string, event: string) =>
        trx
          .insertInto('care_events')
          .values({
            id: randomUUID(),
            patient_id: patientId,
            therapist_id: therapist,
            event,
            actor_id: therapistId,
          })
          .execute();
      await trx
        .deleteFrom('care_team')
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .execute();
      // The data sharing ends with the care; the consent record stays, marked as ended.
      await trx
        .updateTable('data_sharing_consents')
        .set({ revoked_at: new Date() })
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .where('revoked_at', 'is', null)
        .execute();
      await careEvent(therapistId, 'discharged');
      if (role === 'lead') {
        const next = await trx
          .selectFrom('care_team')
          .select('therapist_id')
          .where('patient_id', '=', patientId)
          .orderBy('created_at')
          .orderBy('therapist_id')
          .executeTakeFirst();
        if (next) {
          await trx
            .updateTable('care_team')
            .set({ role: 'lead' })
            .where('patient_id', '=', patientId)
            .where('therapist_id', '=', next.therapist_id)
            .execute();
          await careEvent(next.therapist_id, 'lead-transferred');
        }
      }
    });
    return respond(204);
  },

  setPatientHighRisk: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const body = ctx.body as { highRisk: boolean; reason?: string };
    const reason = body.reason?.trim() ? body.reason.trim() : null;
    await ctx.db.transaction().execute((trx) =>
      setRisk(trx, patientId, {
        highRisk: body.highRisk,
        reason,
        source: 'therapist',
        actorId: therapistId,
      }),
    );
    return { patientId, risk: await riskSummary(ctx.db, patientId) };
  },

  isLeadTherapist: async (_req, ctx) => {
    const { role } = await assertAssignedTherapist(ctx, String(ctx.params.patientId));
    return { isLead: role === 'lead' };
  },
};
