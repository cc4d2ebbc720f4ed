// Research settings that apply: an organisation's merged research settings (its own values, else its
// parents'), a patient's consent, the research-data report's consent filter and anonymisation.
import { createHmac } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { loadOrgs, mergedValues, type OrgContext } from '../organisations/service.ts';

export interface ResearchSettings {
  researchEnabled: boolean;
  consentRequired: boolean;
  studyId: string | null;
  anonymiseExports: boolean;
  dataRetentionDays: number | null;
}

/** The research settings in force for an organisation (merged along its parents; unset means off / none). */
export function researchSettingsOf(ctx: OrgContext, organisationId: string | null): ResearchSettings {
  const v =
    organisationId && ctx.rows.has(organisationId)
      ? mergedValues(ctx, organisationId, 'researchSettings')
      : {};
  return {
    researchEnabled: v.researchEnabled === true,
    consentRequired: v.consentRequired === true,
    studyId: typeof v.studyId === 'string' && v.studyId ? v.studyId : null,
    anonymiseExports: v.anonymiseExports === true,
    dataRetentionDays:
      typeof v.dataRetentionDays === 'number' &&
      Number.isInteger(v.dataRetentionDays) &&
      v.dataRetentionDays > 0
        ? v.dataRetentionDays
        : null,
  };
}

export async function researchSettingsFor(db: Db, organisationId: string | null): Promise<ResearchSettings> {
  return researchSettingsOf(await loadOrgs(db), organisationId);
}

export interface ConsentView extends Pick<
  ResearchSettings,
  'researchEnabled' | 'consentRequired' | 'studyId' | 'anonymiseExports' | 'dataRetentionDays'
> {
  ask: boolean;
  consented: boolean | null;
  answeredAt: number | null;
}

/** The patient's view: the settings that apply to them and their answer (`ask` while unanswered). */
export async function consentView(db: Db, patientId: string): Promise<ConsentView> {
  const patient = await db
    .selectFrom('patients')
    .select('organisation_id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  const settings = await researchSettingsFor(db, patient?.organisation_id ?? null);
  const answer = await db
    .selectFrom('research_consents')
    .select(['consented', 'answered_at'])
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  const asks = settings.researchEnabled && settings.consentRequired;
  return {
    researchEnabled: settings.researchEnabled,
    consentRequired: settings.consentRequired,
    studyId: settings.studyId,
    anonymiseExports: settings.anonymiseExports,
    dataRetentionDays: settings.dataRetentionDays,
    ask: asks && !answer,
    consented: answer ? answer.consented : null,
    answeredAt: answer ? new Date(answer.answered_at).getTime() : null,
  };
}

/**
 * Whether a patient's data may go into research data: research enabled for their organisation and, where
 * consent is required, a yes on record.
 */
export function includedInResearch(settings: ResearchSettings, consented: boolean | undefined): boolean {
  if (!settings.researchEnabled) return false;
  return settings.consentRequired ? consented === true : true;
}

/**
 * A stable pseudonymous participant id: the same patient in the same study always gets the same id, which
 * cannot be turned back into the patient without the server's secret (HMAC-SHA-256, 16 hex characters).
 */
export function pseudonymOf(secret: string, studyId: string | null, patientId: string): string {
  const digest = createHmac('sha256', secret)
    .update(`research-participant\u0000${studyId ?? ''}\u0000${patientId}`)
    .digest('hex');
  return `P-${digest.slice(0, 16)}`;
}
