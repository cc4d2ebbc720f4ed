// @tend/domain/surveys: surveys as a person answers them. The renderer (SurveyRenderer: a config, the
// answers and onChange; no fetching), the pure rules (required answers, skipping, the response sent), the
// answers kept on the device until sent (drafts, useSurveyDraft), and the patient's onboarding survey
// (usePendingOnboarding, useSubmitOnboardingResponse).
export {
  answerProblem,
  canFinish,
  canSkipQuestion,
  canSkipRest,
  canSkipSurvey,
  clampStep,
  firstProblemStep,
  isBlank,
  keptAnswers,
  pendingOnboarding,
  requiredLeft,
  responseData,
  scaleChoices,
  surveyProblems,
  TEXT_ANSWER_MAX,
  type AnswerProblem,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyContent,
} from './model.ts';
export { clearDraft, closeDrafts, loadDraft, saveDraft, type SurveyDraft } from './drafts.ts';
export { useSurveyDraft, type SurveyDraftState } from './useSurveyDraft.ts';
export {
  usePendingOnboarding,
  useSubmitOnboardingResponse,
  useSurveySessions,
  type OnboardingResponse,
} from './queries.ts';
export {
  SurveyQuestionField,
  SurveyRenderer,
  useSurveyWords,
  type SurveyQuestionFieldProps,
  type SurveyRendererProps,
} from './SurveyRenderer.tsx';
