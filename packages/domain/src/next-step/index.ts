// @tend/domain/next-step: the rules choosing a helpful next step after a check-up or a screening (at most
// two, never instead of crisis help); the patient app shows them (src/components/NextSteps.tsx).
export { MAX_STEPS, nextSteps, type Circumstances, type NextStep, type Recorded } from './rules.ts';
