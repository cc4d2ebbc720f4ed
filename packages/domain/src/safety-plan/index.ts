// @tend/domain/safety-plan: the patient's own safety plan (a cloud document saved only over the version it
// was edited from; a conflict keeps both) and "Let someone know" (the welfare e-mail and its preview).
export {
  combinePlans,
  differingSections,
  emptyPlan,
  readPlan,
  samePlan,
  SECTIONS,
  supportersOf,
  toLines,
  toText,
  type SafetyPlan,
  type Section,
  type Supporter,
} from './model.ts';
export {
  safetyPlanQueryKey,
  savePlanRequest,
  useReadStoredPlan,
  useSafetyPlan,
  useSaveSafetyPlan,
  useSendWelfareEmail,
  useWelfarePreview,
  type StoredPlan,
} from './queries.ts';
