// @tend/domain/patient-metadata: the patient's goals and preferences (metadata documents `goals` and
// `preferences`, ETag-versioned: edited with useVersionedForm, a 412 shown with VersionConflictPanel).
export {
  firstRunDone,
  FOCUS_AREAS,
  GOALS_DOCUMENT,
  goalsChanges,
  goalsValues,
  MAX_GOALS,
  newGoal,
  PREFERENCES_DOCUMENT,
  preferencesChanges,
  preferencesValues,
  SUPPORT_STYLES,
  type FirstRunOutcome,
  type GoalRow,
  type GoalsValues,
  type PreferencesValues,
} from './model.ts';
export { readMetadata, useFirstRun, usePatientMetadata, useUpdatePatientMetadata } from './queries.ts';
