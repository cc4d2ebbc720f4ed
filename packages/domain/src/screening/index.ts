// @tend/domain/screening: PHQ-9 and GAD-7 (the pure model, shared with the server) and their words.
export * from './model.ts';
export { useScreeningWords } from './words.ts';
export { trendRows, type TrendPoint, type TrendRow } from './trend.ts';
export { ScreeningTrend, type ScreeningTrendProps } from './ScreeningTrend.tsx';
export { ScreeningBodyView } from './ScreeningBodyView.tsx';
export * from './questionnaire.ts';
export { scoresParams, useNotifyScores, useSaveScreening, type ScreeningSave } from './mutations.ts';
