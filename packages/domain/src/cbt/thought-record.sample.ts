import type { ThoughtRecordBody } from './thought-record.ts';

/**
 * A complete seven-column thought record, for tests of every layer (the model, the server's check, the views):
 * two thoughts, the first the hot one; a chosen emotion (with its word) and a typed one; each re-rated.
 */
export const SAMPLE_THOUGHT_RECORD = {
  completed: true,
  situation: 'My manager asked to speak to me tomorrow.',
  thoughts: ['I am going to be told off.', 'I always get things wrong.'],
  thoughtBeliefs: [90, 60],
  hotThought: 0,
  emotions: [
    { name: 'Anxious', word: 'anxious', intensity: 80 },
    { name: 'Dread', intensity: 60 },
  ],
  distortions: ['fortune-telling'],
  evidenceFor: 'She sounded serious.',
  evidenceAgainst: 'My last review was good.',
  balancedThought: 'She may just want to plan the next project.',
  balancedBelief: 70,
  emotionsAfter: [
    { name: 'Dread', intensity: 30 },
    { name: 'Anxious', word: 'anxious', intensity: 40 },
  ],
  hotThoughtBeliefAfter: 35,
} satisfies ThoughtRecordBody;
