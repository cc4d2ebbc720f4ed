// @tend/domain/safety-net: who sees what a patient shares (getPatientSafetyNet): the care team by name, or the
// organisation's duty team while there is none, with the organisation's stated response time; the patient's
// choice to share their safety plan with their care team (updateSafetyPlanSharing) and the plan as the care
// team reads it (getPatientSafetyPlan).
export { audienceOf, listNames, type Audience, type SafetyNetLike } from './model.ts';
export { useSafetyNet, useSharedSafetyPlan, useUpdateSafetyPlanSharing } from './queries.ts';
export { useSafetyNetWords, useWhoSees, type WhoSees } from './words.ts';
