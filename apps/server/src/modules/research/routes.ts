// Tag `research`: the calling patient's research consent (asked once where their organisation's research
// settings require it; changed in Account). The research-data report reads it (../reporting/aggregates.ts).
import { principal } from '../../auth/context.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { findPatient } from '../patients/access.ts';
import { consentView, researchSettingsFor } from './service.ts';

async function ownPatient(ctx: HandlerContext) {
  const patient = await findPatient(ctx.db, principal(ctx).uid);
  if (!patient) throw forbidden('Only a patient has a research consent.');
  return patient;
}

export const handlers: Handlers = {
  getResearchConsent: async (_request, ctx) => {
    const patient = await ownPatient(ctx);
    return consentView(ctx.db, patient.id);
  },

  setResearchConsent: async (_request, ctx) => {
    const patient = await ownPatient(ctx);
    const { consented } = ctx.body as { consented: boolean };
    const settings = await researchSettingsFor(ctx.db, patient.organisation_id);
    if (!settings.researchEnabled || !settings.consentRequired) {
      throw conflict('Your organisation does not run research that asks for your consent.');
    }
    await ctx.db
      .insertInto('research_consents')
      .values({
        patient_id: patient.id,
        organisation_id: patient.organisation_id,
        study_id: settings.studyId,
        consented,
        answered_at: new Date(),
      })
      .onConflict((oc) =>
        oc.column('patient_id').doUpdateSet({
          organisation_id: patient.organisation_id,
          study_id: settings.studyId,
          consented,
          answered_at: new Date(),
        }),
      )
      .execute();
    ctx.log.info({ research: { consented, studyId: settings.studyId } }, 'research consent recorded');
    return consentView(ctx.db, patient.id);
  },
};
