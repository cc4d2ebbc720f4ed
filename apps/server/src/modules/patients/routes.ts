// A patient as seen by themself and their care team (tag `patients`): details, graph, eligible
// therapists, and sharing data with a therapist (which assigns them).
import { forbidden, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { assertCanSeePatient, caller, findTherapist, hasScope } from './access.ts';
import { riskSummary } from './risk.ts';
import { assignTherapist, careTeam, graph, lastActivity, therapistSummary } from './service.ts';

const DAY = 86_400_000;

export const handlers: Handlers = {
  getPatient: async (_req, ctx) => {
    const { patient } = await assertCanSeePatient(ctx, String(ctx.params.patientId));
    const [risk, therapists, last, account] = await Promise.all([
      riskSummary(ctx.db, patient.id),
      careTeam(ctx.db, patient.id),
      lastActivity(ctx.db, patient.id),
      ctx.db.selectFrom('users').select(['screen_name', 'language']).where('id', '=', patient.id).executeTakeFirst(),
    ]);
    return {
      patientId: patient.id,
      firstName: patient.first_name,
      lastName: patient.last_name,
      screenName: account?.screen_name ?? null,
      ...(account?.language && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(account.language) ? { language: account.language } : {}),
      email: patient.email,
      organisationId: patient.organisation_id,
      risk,
      therapists,
      lastActivityAt: last,
      createdAt: new Date(patient.created_at).toISOString(),
    };
  },

  /** The last 90 days unless startFrom/endAt are given. */
  getPatientGraph: async (_req, ctx) => {
    const { patient } = await assertCanSeePatient(ctx, String(ctx.params.patientId));
    const endAt = ctx.query.endAt === undefined ? Date.now() : Number(ctx.query.endAt);
    const startFrom = ctx.query.startFrom === undefined ? Math.max(0, endAt - 90 * DAY) : Number(ctx.query.startFrom);
    return graph(ctx.db, patient.id, startFrom, endAt);
  },

  /**
   * Therapists of the patient's organisation: `share-data` those not yet assigned; `invite` and
   * `handover` any of them except the caller.
   */
  listEligibleTherapists: async (_req, ctx) => {
    const access = await assertCanSeePatient(ctx, String(ctx.params.patientId));
    const purpose = String(ctx.query.purpose);
    const [therapists, team] = await Promise.all([
      ctx.db
        .selectFrom('therapists')
        .select(['id', 'first_name', 'last_name', 'biography', 'timezone'])
        .where('organisation_id', '=', access.patient.organisation_id)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute(),
      ctx.db.selectFrom('care_team').select(['therapist_id', 'role']).where('patient_id', '=', access.patient.id).execute(),
    ]);
    const roleOf = (id: string) => team.find((r) => r.therapist_id === id)?.role ?? null;
    const me = caller(ctx).uid;
    const eligible = therapists.filter((t) => (purpose === 'share-data' ? roleOf(t.id) === null : t.id !== me));
    return { items: eligible.map((t) => therapistSummary(t, roleOf(t.id))) };
  },

  /** The patient assigns a therapist of their organisation (consent recorded; idempotent). */
  shareDataWithTherapist: async (_req, ctx) => {
    const user = caller(ctx);
    const patientId = String(ctx.params.patientId);
    if (!hasScope(user, 'patient') || user.uid !== patientId) throw forbidden('Only the patient can share their data.');
    const { patient } = await assertCanSeePatient(ctx, patientId);
    const therapist = await findTherapist(ctx.db, String(ctx.params.therapistId));
    if (!therapist || therapist.organisation_id !== patient.organisation_id) throw notFound('There is no such therapist in your organisation.');
    const row = await ctx.db.transaction().execute((trx) => assignTherapist(trx, patient.id, therapist.id, user.uid));
    return { patientId: row.patient_id, therapistId: row.therapist_id, isLead: row.role === 'lead', assignedAt: new Date(row.created_at).toISOString() };
  },
};
