// @tend/domain/moments: a patient's moments as the patient and their therapist see them: the paged list
// (keyset cursor), readable rendering of every moment type, the virtualised timeline, file downloads.
// The patient's own logging (check-up, journal, CBT, exercises, offline sync) adds its mutations here.
export * from './model.ts';
export {
  usePatientMoment,
  usePatientMoments,
  useDownloadMomentFile,
  type PatientMomentsOptions,
} from './queries.ts';
export { MomentDetail } from './MomentDetail.tsx';
export { useMomentSummary } from './MomentSummary.tsx';
export { MomentTimeline, type MomentTimelineProps } from './MomentTimeline.tsx';
export { useMomentWords } from './words.ts';
// The patient's own logging: one save for every moment type (edits by momentId, offline outbox), the latest-* reads.
export {
  newMomentId,
  useOnline,
  useOutboxSync,
  usePendingMoments,
  useSaveMoment,
  type OutboxSync,
  type SavedMoment,
} from './save.ts';
export {
  flushOutbox,
  pendingMoments,
  queueMoment,
  syncRequests,
  type OwnMoment,
  type PendingMoment,
} from './outbox.ts';
export { afterMomentsStored } from './cache.ts';
export {
  useLatestCbtEntry,
  useLatestCheckup,
  useLatestPositiveReading,
  useLatestQuizResults,
  useLatestRelaxationLevels,
  useLatestResilience,
  useLatestRiskFactor,
  useLatestScreening,
  type CbtMoment,
  type CbtType,
} from './latest.ts';
