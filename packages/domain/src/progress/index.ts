// @tend/domain/progress: the patient's progress over a date range: the graph series (getMyGraph: PHQ-9, GAD-7,
// every check-up measure, activity minutes) and the progress moments (listProgressMoments), each check-up
// measure's trend with its table (CheckupTrend, CheckupMeasures). PHQ-9/GAD-7 trends are the screening
// subject's ScreeningTrend.
export { useMyGraph, useProgressMoments } from './queries.ts';
export { CHECKUP_MEASURES, CheckupMeasures, CheckupTrend, type CheckupMeasure } from './CheckupTrend.tsx';
export { useProgressWords } from './words.ts';
