// @tend/domain/safety-plan: the patient's own safety plan (a cloud document saved only over the version it
// was edited from; a conflict keeps both), its people and services as numbers to call or text and addresses
// to e-mail, and "Let someone know" (the welfare e-mail and its preview, or a text).
export {
  callHref,
  CONTACT_SECTIONS,
  contactsOf,
  doubtfulNumbers,
  textHref,
  type Contact,
  type PhoneNumber,
} from './contacts.ts';
export {
  combinePlans,
  differingSections,
  emptyPlan,
  readPlan,
  samePlan,
  SECTIONS,
  toLines,
  toText,
  type SafetyPlan,
  type Section,
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
