import { describe, expect, it } from 'vitest';
import {
  EMOTION_WORDS,
  THOUGHT_RECORD_STEPS,
  changeOf,
  checkThoughtRecord,
  hotThoughtOf,
  isComplete,
  missingSteps,
  pairEmotions,
  rerateList,
  sameEmotion,
  stepFilled,
  type ThoughtRecordBody,
} from './thought-record.ts';
import { SAMPLE_THOUGHT_RECORD } from './thought-record.sample.ts';

const complete: ThoughtRecordBody = SAMPLE_THOUGHT_RECORD;

describe('the thought record model', () => {
  it('has the seven columns in the order a person fills them, and fifteen common emotions', () => {
    expect(THOUGHT_RECORD_STEPS).toEqual([
      'situation',
      'thoughts',
      'emotions',
      'patterns',
      'evidence',
      'balanced',
      'rerate',
    ]);
    expect(EMOTION_WORDS).toContain('anxious');
    expect(new Set(EMOTION_WORDS).size).toBe(EMOTION_WORDS.length);
  });

  it('pairs each emotion named at the start with its re-rating, whatever the order', () => {
    const pairs = pairEmotions(complete);
    expect(pairs.map((p) => [p.emotion.name, p.before, p.after])).toEqual([
      ['Anxious', 80, 40],
      ['Dread', 60, 30],
    ]);
    expect(pairs.map(changeOf)).toEqual([-40, -30]);
  });

  it('an emotion not re-rated pairs with null; an older record has no re-ratings at all', () => {
    const partial = { ...complete, emotionsAfter: [{ name: 'dread ', intensity: 50 }] };
    expect(pairEmotions(partial).map((p) => p.after)).toEqual([null, 50]);
    expect(changeOf(pairEmotions(partial)[0]!)).toBeNull();
    const older: ThoughtRecordBody = {
      situation: 'x',
      thoughts: ['y'],
      emotions: [{ name: 'Sad', intensity: 70 }],
    };
    expect(pairEmotions(older)).toEqual([
      { emotion: { name: 'Sad', intensity: 70 }, before: 70, after: null },
    ]);
    expect(hotThoughtOf(older)).toBeNull();
    expect(checkThoughtRecord(older)).toBeNull();
  });

  it('matches a chosen word by the word (the name is in the language of whoever chose it), a typed one by name', () => {
    expect(
      sameEmotion(
        { name: 'Anxious', word: 'anxious', intensity: 1 },
        { name: 'Ansioso', word: 'anxious', intensity: 2 },
      ),
    ).toBe(true);
    expect(
      sameEmotion({ name: 'Sad', word: 'sad', intensity: 1 }, { name: 'Sad', word: 'hurt', intensity: 1 }),
    ).toBe(false);
    expect(sameEmotion({ name: ' Dread', intensity: 1 }, { name: 'dread', intensity: 1 })).toBe(true);
  });

  it('reads the hot thought with its belief before and after', () => {
    expect(hotThoughtOf(complete)).toEqual({
      text: 'I am going to be told off.',
      index: 0,
      before: 90,
      after: 35,
    });
    expect(
      hotThoughtOf({
        ...complete,
        hotThought: 1,
        thoughtBeliefs: undefined,
        hotThoughtBeliefAfter: undefined,
      }),
    ).toEqual({
      text: 'I always get things wrong.',
      index: 1,
      before: null,
      after: null,
    });
  });

  it('says which steps are filled and what a record still lacks', () => {
    expect(isComplete(complete)).toBe(true);
    expect(missingSteps(complete)).toEqual([]);
    // Thinking patterns are optional: none may fit.
    expect(isComplete({ ...complete, distortions: [] })).toBe(true);
    expect(stepFilled({ ...complete, distortions: [] }, 'patterns')).toBe(false);
    expect(missingSteps({ situation: 'x', thoughts: ['y'] })).toEqual([
      'thoughts',
      'emotions',
      'evidence',
      'balanced',
      'rerate',
    ]);
    expect(missingSteps({ ...complete, emotionsAfter: complete.emotionsAfter!.slice(0, 1) })).toEqual([
      'rerate',
    ]);
    expect(missingSteps({ ...complete, balancedBelief: undefined })).toEqual(['balanced']);
    expect(missingSteps({ ...complete, evidenceFor: ' ', evidenceAgainst: undefined })).toEqual(['evidence']);
  });

  it('accepts a complete record and refuses what the schema cannot see, naming the field', () => {
    expect(checkThoughtRecord(complete)).toBeNull();
    const fieldOf = (b: ThoughtRecordBody) => checkThoughtRecord(b)?.field;
    expect(fieldOf({ ...complete, thoughtBeliefs: [90] })).toBe('thoughtBeliefs');
    expect(fieldOf({ ...complete, thoughtBeliefs: [90, 101] })).toBe('thoughtBeliefs.1');
    expect(fieldOf({ ...complete, hotThought: 2 })).toBe('hotThought');
    expect(checkThoughtRecord({ ...complete, hotThought: 2 })?.message).toMatch(/one of the 2 thoughts/);
    expect(
      fieldOf({ ...complete, emotions: [...complete.emotions!, { name: 'anxious', intensity: 3 }] }),
    ).toBe('emotions.2');
    expect(fieldOf({ ...complete, emotionsAfter: [{ name: 'Angry', intensity: 10 }] })).toBe(
      'emotionsAfter.0',
    );
    expect(
      fieldOf({
        ...complete,
        emotionsAfter: [
          { name: 'Dread', intensity: 30 },
          { name: 'DREAD', intensity: 20 },
        ],
      }),
    ).toBe('emotionsAfter.1');
    expect(fieldOf({ ...complete, balancedThought: undefined })).toBe('balancedBelief');
    expect(fieldOf({ ...complete, hotThought: undefined })).toBe('hotThoughtBeliefAfter');
  });

  it('builds the re-rating list from the emotions named at the start, keeping ratings already given', () => {
    const list = rerateList(complete.emotions!, [
      { name: 'dread', intensity: 10 },
      { name: 'Gone', intensity: 5 },
    ]);
    expect(list).toEqual([
      { name: 'Anxious', word: 'anxious', intensity: 80 },
      { name: 'Dread', intensity: 10 },
    ]);
  });
});
