// @tend/domain/surveys: surveys as a person answers them. The renderer (SurveyRenderer: a config, the
// answers and onChange; no fetching), the pure rules (required answers, skipping, the response sent), the
// answers kept on the device until sent (drafts, useSurveyDraft), and the patient's onboarding survey
// (usePendingOnboarding, useSubmitOnboardingResponse) and the other surveys offered to them (useOfferedSurveys,
// useSubmitSurveyResponse); the admin console's surveys (admin.ts) and the editor's model (editor.ts).
export * from './model.ts';
export { clearDraft, closeDrafts, loadDraft, saveDraft, type SurveyDraft } from './drafts.ts';
export { useSurveyDraft, type SurveyDraftState } from './useSurveyDraft.ts';
export {
  useOfferedSurveys,
  usePendingOnboarding,
  useSubmitOnboardingResponse,
  useSubmitSurveyResponse,
  useSurveySessions,
} from './queries.ts';
export {
  surveyKeys,
  useCreateSurvey,
  useDeleteSurvey,
  useOrganisationNames,
  useSaveSurveyConfig,
  useSetSurveyOrganisations,
  useSurveyConfig,
  useSurveyList,
  useSurveyOrganisations,
  useSurveySummary,
} from './admin.ts';
export * from './editor.ts';
export * from './SurveyRenderer.tsx';
