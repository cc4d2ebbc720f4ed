// Tag intake: the organisation's numbers, its intake queue, placing waiting patients with a
// therapist, moving a patient to another therapist (reason kept), and the therapists' load. See ./README.md.
import { badRequest, notFound } from '../../http/errors.ts';
import { respond, type Handlers, type HandlerContext } from '../../http/types.ts';
import { callerOf, requireAdminOf } from '../organisations/access.ts';
import {
  patientCount,
  pendingInvitationCount,
  readyReportCount,
  therapistCount,
  unacknowledgedRiskCount,
  waitingPatients,
} from '../organisations/numbers.ts';
import { loadOrgs, sectionView } from '../organisations/service.ts';
import {
  intakeOrganisationsOf,
  intakeQueue,
  PLACED_KIND,
  requireIntakeAccess,
  therapistLoad,
} from './service.ts';
import { placeFromQueue, reassign, type Placement } from './placing.ts';

const orgOf = (ctx: HandlerContext) => String(ctx.params.organisation);

/** Tells the therapist and each patient placed with them (no health data in either e-mail). */
async function tell(ctx: HandlerContext, placements: Placement[]): Promise<void> {
  if (placements.length === 0) return;
  const therapistId = placements[0]!.therapistId;
  const therapist = await ctx.db
    .selectFrom('therapists')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', therapistId)
    .executeTakeFirst();
  const patients = await ctx.db
    .selectFrom('patients')
    .select(['id', 'email', 'first_name'])
    .where(
      'id',
      'in',
      placements.map((p) => p.patientId),
    )
    .execute();
  const sends: Array<Promise<unknown>> = [];
  if (therapist) {
    const n = placements.length;
    sends.push(
      ctx.mailer.send({
        to: therapist.email,
        subject:
          n === 1
            ? 'Tend: a patient has been placed with you'
            : `Tend: ${n} patients have been placed with you`,
        text: [
          `Hello ${therapist.first_name},`,
          '',
          n === 1
            ? 'A patient of your organisation has been placed with you as their lead therapist.'
            : `${n} patients of your organisation have been placed with you as their lead therapist.`,
          'Open the therapist console to see them in your caseload and say hello.',
        ].join('\n'),
      }),
    );
  }
  const name = therapist ? `${therapist.first_name} ${therapist.last_name}` : 'a therapist';
  for (const p of patients)
    sends.push(
      ctx.mailer.send({
        to: p.email,
        subject: 'Tend: you have a therapist',
        text: [
          `Hello ${p.first_name},`,
          '',
          `${name} is now your therapist at Tend. You can see them in My care team in the app;`,
          'what you share there is seen by your care team.',
        ].join('\n'),
      }),
    );
  const results = await Promise.allSettled(sends);
  for (const r of results)
    if (r.status === 'rejected') ctx.log.warn({ err: r.reason }, 'an intake e-mail could not be sent');
}

/** Tells the therapist a patient moved away from that the patient is no longer theirs (no name, no health data). */
async function tellPrevious(ctx: HandlerContext, therapistId: string): Promise<void> {
  const therapist = await ctx.db
    .selectFrom('therapists')
    .select(['email', 'first_name'])
    .where('id', '=', therapistId)
    .executeTakeFirst();
  if (!therapist) return;
  try {
    await ctx.mailer.send({
      to: therapist.email,
      subject: 'Tend: a patient of yours has moved to another therapist',
      text: [
        `Hello ${therapist.first_name},`,
        '',
        'An administrator or lead therapist of your organisation has moved one of your patients to another',
        'therapist, who now leads their care. The patient is no longer in your caseload; the reason is kept in',
        "the organisation's audit log. Ask your organisation's administrator if you need to know more.",
      ].join('\n'),
    });
  } catch (err) {
    ctx.log.warn({ err }, 'an intake e-mail could not be sent');
  }
}

export const handlers: Handlers = {
  getOrganisationNumbers: async (_req, ctx) => {
    const organisationId = orgOf(ctx);
    await requireAdminOf(ctx, organisationId);
    const orgs = await loadOrgs(ctx.db);
    const max = sectionView(orgs, organisationId, 'subscription', true).maxRedemptions;
    const [patients, therapists, waiting, risk, invitations, reports] = await Promise.all([
      patientCount(ctx.db, organisationId),
      therapistCount(ctx.db, organisationId),
      waitingPatients(ctx.db, organisationId),
      unacknowledgedRiskCount(ctx.db, organisationId),
      pendingInvitationCount(ctx.db, organisationId),
      readyReportCount(ctx.db, organisationId),
    ]);
    return {
      organisationId,
      patients,
      therapists,
      waitingPatients: waiting.count,
      oldestWaitingSince: waiting.oldestSince,
      placesUsed: patients,
      placesMax: typeof max === 'number' ? max : null,
      unacknowledgedRiskPatients: risk,
      invitationsPending: invitations,
      reportsReady: reports,
    };
  },

  listIntakeQueue: async (_req, ctx) => {
    const organisationId = orgOf(ctx);
    await requireIntakeAccess(ctx, organisationId);
    const pageSize = Number(ctx.query.pageSize ?? 50);
    const lastPage = typeof ctx.query.lastPage === 'string' ? ctx.query.lastPage : null;
    return intakeQueue(ctx.db, organisationId, pageSize, lastPage);
  },

  assignIntakePatients: async (_req, ctx) => {
    const organisationId = orgOf(ctx);
    await requireIntakeAccess(ctx, organisationId);
    const body = ctx.body as { therapistId: string; patientIds: string[] };
    const actor = callerOf(ctx).uid;
    const placements = await placeFromQueue(ctx.db, organisationId, body.therapistId, body.patientIds, actor);
    ctx.log.info(
      { organisationId, therapistId: body.therapistId, patients: placements.length, actor },
      'patients placed from the intake queue',
    );
    await tell(ctx, placements);
    return { assignments: placements };
  },

  reassignPatient: async (_req, ctx) => {
    const organisationId = orgOf(ctx);
    await requireIntakeAccess(ctx, organisationId);
    const body = ctx.body as { therapistId: string; reason: string };
    const reason = body.reason.trim();
    if (!reason) throw badRequest('Say why the patient moves.', { fields: { reason: 'is required' } });
    const actor = callerOf(ctx).uid;
    const placement = await reassign(
      ctx.db,
      organisationId,
      String(ctx.params.patient),
      body.therapistId,
      reason,
      actor,
    );
    ctx.log.info(
      { organisationId, patientId: placement.patientId, actor },
      'patient moved to another therapist',
    );
    await tell(ctx, [placement]);
    if (placement.previousTherapistId) await tellPrevious(ctx, placement.previousTherapistId);
    return placement;
  },

  listMyPlacements: async (_req, ctx) => {
    const me = callerOf(ctx).uid;
    const rows = await ctx.db
      .selectFrom('therapist_notifications as n')
      .innerJoin('patients as p', 'p.id', 'n.patient_id')
      .select(['n.id', 'n.patient_id', 'n.payload', 'n.created_at', 'p.first_name', 'p.last_name'])
      .where('n.therapist_id', '=', me)
      .where('n.kind', '=', PLACED_KIND)
      .where('n.read_at', 'is', null)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(50)
      .execute();
    return {
      items: rows.map((r) => ({
        noticeId: r.id,
        patientId: r.patient_id,
        firstName: r.first_name,
        lastName: r.last_name,
        placedAt: new Date(r.created_at).toISOString(),
        reassigned: (r.payload as { reassigned?: unknown }).reassigned === true,
      })),
    };
  },

  dismissPlacement: async (_req, ctx) => {
    const me = callerOf(ctx).uid;
    const id = String(ctx.params.noticeId);
    const row = await ctx.db
      .selectFrom('therapist_notifications')
      .select(['id', 'read_at'])
      .where('id', '=', id)
      .where('therapist_id', '=', me)
      .where('kind', '=', PLACED_KIND)
      .executeTakeFirst();
    if (!row) throw notFound('No such alert.');
    if (!row.read_at)
      await ctx.db
        .updateTable('therapist_notifications')
        .set({ read_at: new Date() })
        .where('id', '=', id)
        .execute();
    return respond(204);
  },

  listMyIntakeOrganisations: async (_req, ctx) => ({
    items: await intakeOrganisationsOf(ctx.db, callerOf(ctx).uid),
  }),

  listTherapistLoad: async (_req, ctx) => {
    const organisationId = orgOf(ctx);
    await requireIntakeAccess(ctx, organisationId);
    return therapistLoad(ctx.db, organisationId);
  },
};
