// @tend/domain/screening: PHQ-9 and GAD-7 (the pure model, shared with the server) and their words.
export * from './model.ts';
export { useScreeningWords } from './words.ts';
