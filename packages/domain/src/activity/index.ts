// @tend/domain/activity: the patient's exercises: logging a completed one (activity moment + reward),
// streaks, this week's count and all-time totals, relaxation levels.
export * from './model.ts';
export {
  useActivitySummary,
  useCompleteExercise,
  type CompletedExercise,
  type ExerciseOutcome,
} from './queries.ts';
export { ActivitySummary, RewardNote } from './ActivitySummary.tsx';
export { useActivityWords } from './words.ts';
export { useLatestRelaxationLevels } from '../moments/latest.ts';
