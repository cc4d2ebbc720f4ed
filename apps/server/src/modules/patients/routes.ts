// A patient as seen by themself and their care team (tag `patients`): details, graph, eligible
// therapists, and sharing data with a therapist (which assigns them).
import { forbidden, notFound, validationError } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import {
  assertAssignedTherapist,
  assertCanSeePatient,
  caller,
  findTherapist,
  hasScope,
  requireSelfPatient,
} from './access.ts';
import { careTeamWelfareEmail, welfareContactOf, welfareEmailsAbout } from './welfare.ts';
import { riskSummary } from './risk.ts';
import { SAFETY_PLAN_DOCUMENT, SAFETY_PLAN_VERSION, safetyPlanSharing } from '../patient/safety-net.ts';
import { assignTherapist, careTeam, graph, lastActivity, therapistSummary } from './service.ts';

const DAY = 86_400_000;

export const handlers: Handlers = {
  getPatient: async (_req, ctx) => {
    const { patient } = await assertCanSeePatient(ctx, String(ctx.params.patientId));
    const [risk, therapists, last, account, organisation, welfareContact] = await Promise.all([
      riskSummary(ctx.db, patient.id),
      careTeam(ctx.db, patient.id),
      lastActivity(ctx.db, patient.id),
      ctx.db
        .selectFrom('users')
        .select(['screen_name', 'language'])
        .where('id', '=', patient.id)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('organisations')
        .select('name')
        .where('id', '=', patient.organisation_id)
        .executeTakeFirst(),
      welfareContactOf(ctx.db, patient.id),
    ]);
    return {
      patientId: patient.id,
      firstName: patient.first_name,
      lastName: patient.last_name,
      screenName: account?.screen_name ?? null,
      ...(account?.language && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(account.language)
        ? { language: account.language }
        : {}),
      email: patient.email,
      organisationId: patient.organisation_id,
      organisationName: organisation?.name ?? null,
      welfareContact,
      risk,
      therapists,
      lastActivityAt: last,
      createdAt: new Date(patient.created_at).toISOString(),
    };
  },

  /** The patient's safety plan, read-only, for their care team while the patient shares it. */
  getPatientSafetyPlan: async (_req, ctx) => {
    const { patient } = await assertAssignedTherapist(ctx, String(ctx.params.patientId));
    const sharing = await safetyPlanSharing(ctx.db, patient.id);
    if (!sharing.shared) throw forbidden('The patient keeps their safety plan private.');
    const row = await ctx.db
      .selectFrom('cloud_documents')
      .select(['content', 'timestamp', 'updated_at'])
      .where('owner_id', '=', patient.id)
      .where('name', '=', SAFETY_PLAN_DOCUMENT)
      .where('data_structure_version', '=', SAFETY_PLAN_VERSION)
      .executeTakeFirst();
    const sections = planSections(row?.content);
    if (!row || Object.keys(sections).length === 0)
      throw notFound('The patient has not written a safety plan.');
    return { sections, updatedAt: new Date(row.updated_at).toISOString() };
  },

  /** The last 90 days unless startFrom/endAt are given. */
  getPatientGraph: async (_req, ctx) => {
    const { patient } = await assertCanSeePatient(ctx, String(ctx.params.patientId));
    const endAt = ctx.query.endAt === undefined ? Date.now() : Number(ctx.query.endAt);
    const startFrom =
      ctx.query.startFrom === undefined ? Math.max(0, endAt - 90 * DAY) : Number(ctx.query.startFrom);
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
      ctx.db
        .selectFrom('care_team')
        .select(['therapist_id', 'role'])
        .where('patient_id', '=', access.patient.id)
        .execute(),
    ]);
    const roleOf = (id: string) => team.find((r) => r.therapist_id === id)?.role ?? null;
    const me = caller(ctx).uid;
    const eligible = therapists.filter((t) =>
      purpose === 'share-data' ? roleOf(t.id) === null : t.id !== me,
    );
    return { items: eligible.map((t) => therapistSummary(t, roleOf(t.id))) };
  },

  /** The patient assigns a therapist of their organisation (consent recorded; idempotent). */
  shareDataWithTherapist: async (_req, ctx) => {
    const user = caller(ctx);
    const patientId = String(ctx.params.patientId);
    if (!hasScope(user, 'patient') || user.uid !== patientId)
      throw forbidden('Only the patient can share their data.');
    const { patient } = await assertCanSeePatient(ctx, patientId);
    const therapist = await findTherapist(ctx.db, String(ctx.params.therapistId));
    if (!therapist || therapist.organisation_id !== patient.organisation_id)
      throw notFound('There is no such therapist in your organisation.');
    const row = await ctx.db
      .transaction()
      .execute((trx) => assignTherapist(trx, patient.id, therapist.id, user.uid));
    return {
      patientId: row.patient_id,
      therapistId: row.therapist_id,
      isLead: row.role === 'lead',
      assignedAt: new Date(row.created_at).toISOString(),
    };
  },

  /** The patient names their welfare contact (replacing any earlier one). */
  setWelfareContact: async (_req, ctx) => {
    const patient = await requireOwnRecord(ctx);
    const body = ctx.body as { name: string; email: string; relationship?: string | null };
    const relationship = body.relationship?.trim() || null;
    const values = {
      name: body.name.trim(),
      email: body.email.trim().toLowerCase(),
      relationship,
      updated_at: new Date(),
    };
    if (!values.name)
      throw validationError('Give the name of the person.', { fields: { name: "can't be blank" } });
    await ctx.db
      .insertInto('patient_welfare_contacts')
      .values({ patient_id: patient.id, ...values })
      .onConflict((oc) => oc.column('patient_id').doUpdateSet(values))
      .execute();
    return { name: values.name, email: values.email, ...(relationship ? { relationship } : {}) };
  },

  /** The patient's own welfare contact and the record of the welfare e-mails their care team sent. */
  getWelfareContact: async (_req, ctx) => {
    const patient = await requireOwnRecord(ctx, 'see');
    const [contact, emails] = await Promise.all([
      welfareContactOf(ctx.db, patient.id),
      welfareEmailsAbout(ctx.db, patient.id),
    ]);
    return { contact, emails };
  },

  deleteWelfareContact: async (_req, ctx) => {
    const patient = await requireOwnRecord(ctx);
    await ctx.db.deleteFrom('patient_welfare_contacts').where('patient_id', '=', patient.id).execute();
    return respond(204);
  },

  /** Exactly what sendWelfareEmail with this patientId would send (the caller's words, the contact). */
  previewWelfareEmail: async (_req, ctx) => {
    const options = {
      careFirstStyleEmail:
        ctx.query.careFirstStyleEmail === undefined ? true : Boolean(ctx.query.careFirstStyleEmail),
      personalMessage: typeof ctx.query.personalMessage === 'string' ? ctx.query.personalMessage : undefined,
    };
    const { contact, mail } = await careTeamWelfareEmail(ctx, String(ctx.params.patientId), options);
    return { to: contact, subject: mail.subject, text: mail.text };
  },
};

/** The calling patient's own record, when the path names it (403 for anyone else's). */
async function requireOwnRecord(ctx: HandlerContext, verb: 'see' | 'change' = 'change') {
  const patient = await requireSelfPatient(ctx);
  if (patient.id !== String(ctx.params.patientId))
    throw forbidden(`You can only ${verb} your own welfare contact.`);
  return patient;
}

/** The stored plan's sections as lists of non-empty strings; sections with no entry left out. */
function planSections(content: unknown): Record<string, string[]> {
  const sections = (content as { sections?: unknown } | null | undefined)?.sections;
  const out: Record<string, string[]> = {};
  if (!sections || typeof sections !== 'object') return out;
  for (const [name, value] of Object.entries(sections as Record<string, unknown>)) {
    if (!Array.isArray(value) || !/^[a-zA-Z]{1,40}$/.test(name)) continue;
    const entries = value
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .map((v) => v.trim());
    if (entries.length) out[name] = entries;
  }
  return out;
}
