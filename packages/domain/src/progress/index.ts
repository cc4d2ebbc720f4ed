// @tend/domain/progress: the patient's progress over a date range: the graph series (getMyGraph: PHQ-9, GAD-7,
// check-up mood, activity minutes) and the progress moments (listProgressMoments), the mood trend with its
// table. PHQ-9/GAD-7 trends are the screening subject's ScreeningTrend.
export { useMyGraph, useProgressMoments } from './queries.ts';
export { MoodTrend } from './MoodTrend.tsx';
export { useProgressWords } from './words.ts';
