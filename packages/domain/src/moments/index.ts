// @tend/domain/moments: a patient's moments as the patient and their therapist see them: the paged list
// (keyset cursor), readable rendering of every moment type, the virtualised timeline, file downloads.
// The patient's own logging (check-up, journal, CBT, exercises, offline sync) adds its mutations here.
export * from './model.ts';
export { usePatientMoments, useDownloadMomentFile, type PatientMomentsOptions } from './queries.ts';
export { MomentDetail } from './MomentDetail.tsx';
export { useMomentSummary } from './MomentSummary.tsx';
export { MomentTimeline, type MomentTimelineProps } from './MomentTimeline.tsx';
export { useMomentWords } from './words.ts';
