/**
 * The thought record (the seven-column form of cognitive behavioural therapy) as a pure model over the
 * contract's `cbt-automatic-thoughts` body: its steps, what is complete, the checks the server makes beyond the
 * schema, and the pairing of each emotion named at the start with its re-rating at the end. No React: the
 * patient's form, the readable views and the server all use it.
 *
 * The columns, in the order a person fills them (Beck's thought record, with Padesky's evidence columns):
 * situation → automatic thoughts (how strongly each is believed, one marked as the hot thought) → emotions
 * (intensity 0–100) → thinking patterns → evidence for and against the hot thought → a balanced thought (how
 * strongly believed) → re-rating of each emotion and of the belief in the hot thought.
 */

/** The common emotions offered to choose from (the contract's EmotionWord); any other word can be typed. */
export const EMOTION_WORDS = [
  'anxious',
  'scared',
  'sad',
  'hopeless',
  'lonely',
  'hurt',
  'angry',
  'frustrated',
  'irritated',
  'ashamed',
  'guilty',
  'embarrassed',
  'disappointed',
  'jealous',
  'overwhelmed',
] as const;
export type EmotionWord = (typeof EMOTION_WORDS)[number];

export const THOUGHT_RECORD_STEPS = [
  'situation',
  'thoughts',
  'emotions',
  'patterns',
  'evidence',
  'balanced',
  'rerate',
] as const;
export type ThoughtRecordStep = (typeof THOUGHT_RECORD_STEPS)[number];

/** The contract's limits (openapi.yaml, AutomaticThoughtsMoment and Emotion). */
export const LIMITS = {
  items: 20,
  situation: 2000,
  thought: 1000,
  emotionName: 40,
  evidence: 5000,
  balancedThought: 2000,
} as const;

export interface RecordEmotion {
  name: string;
  intensity: number;
  word?: EmotionWord;
}

/** The thought record's body as stored (older records hold only situation, thoughts, emotions, distortions). */
export interface ThoughtRecordBody {
  completed?: boolean;
  situation?: string;
  thoughts?: string[];
  thoughtBeliefs?: number[];
  hotThought?: number;
  emotions?: RecordEmotion[];
  distortions?: string[];
  evidenceFor?: string;
  evidenceAgainst?: string;
  balancedThought?: string;
  balancedBelief?: number;
  emotionsAfter?: RecordEmotion[];
  hotThoughtBeliefAfter?: number;
}

export const isEmotionWord = (w: unknown): w is EmotionWord =>
  typeof w === 'string' && (EMOTION_WORDS as readonly string[]).includes(w);

const norm = (s: string) => s.trim().toLocaleLowerCase();

/** Two emotions are the same feeling: the same chosen word, or (typed) the same name ignoring case and spaces. */
export function sameEmotion(a: RecordEmotion, b: RecordEmotion): boolean {
  if (a.word && b.word) return a.word === b.word;
  return norm(a.name) === norm(b.name);
}

const isRating = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 100;

const filled = (s: string | undefined) => typeof s === 'string' && s.trim() !== '';

export interface EmotionPair {
  emotion: RecordEmotion;
  before: number;
  /** The re-rating after the balanced thought, or null when not re-rated. */
  after: number | null;
}

/** Each emotion named at the start with its re-rating (null when it was not re-rated), in the order named. */
export function pairEmotions(body: ThoughtRecordBody): EmotionPair[] {
  const after = body.emotionsAfter ?? [];
  return (body.emotions ?? []).map((emotion) => ({
    emotion,
    before: emotion.intensity,
    after: after.find((a) => sameEmotion(a, emotion))?.intensity ?? null,
  }));
}

export interface HotThought {
  text: string;
  index: number;
  /** How strongly it was believed when written down (null when not rated). */
  before: number | null;
  /** How strongly it is believed after the balanced thought (null when not re-rated). */
  after: number | null;
}

/** The hot thought with its belief before and after, or null when none is marked (older records). */
export function hotThoughtOf(body: ThoughtRecordBody): HotThought | null {
  const i = body.hotThought;
  const text = i === undefined ? undefined : body.thoughts?.[i];
  if (i === undefined || text === undefined) return null;
  return {
    text,
    index: i,
    before: body.thoughtBeliefs?.[i] ?? null,
    after: body.hotThoughtBeliefAfter ?? null,
  };
}

/** Whether each step has something in it. */
export function stepFilled(body: ThoughtRecordBody, step: ThoughtRecordStep): boolean {
  switch (step) {
    case 'situation':
      return filled(body.situation);
    case 'thoughts':
      return (body.thoughts ?? []).some(filled);
    case 'emotions':
      return (body.emotions ?? []).length > 0;
    case 'patterns':
      return (body.distortions ?? []).length > 0;
    case 'evidence':
      return filled(body.evidenceFor) || filled(body.evidenceAgainst);
    case 'balanced':
      return filled(body.balancedThought);
    case 'rerate':
      return (body.emotionsAfter ?? []).length > 0 || body.hotThoughtBeliefAfter !== undefined;
  }
}

/**
 * What a whole record still lacks, step by step (an empty list: complete). Thinking patterns are optional
 * (none may fit); everything else makes the exercise: a hot thought, at least one emotion, some evidence, a
 * balanced thought with its belief, and every emotion re-rated with the belief in the hot thought.
 */
export function missingSteps(body: ThoughtRecordBody): ThoughtRecordStep[] {
  const missing: ThoughtRecordStep[] = [];
  if (!filled(body.situation)) missing.push('situation');
  if (!stepFilled(body, 'thoughts') || !hotThoughtOf(body)) missing.push('thoughts');
  if (!stepFilled(body, 'emotions')) missing.push('emotions');
  if (!stepFilled(body, 'evidence')) missing.push('evidence');
  if (!filled(body.balancedThought) || body.balancedBelief === undefined) missing.push('balanced');
  const pairs = pairEmotions(body);
  if (pairs.length === 0 || pairs.some((p) => p.after === null) || body.hotThoughtBeliefAfter === undefined)
    missing.push('rerate');
  return missing;
}

export const isComplete = (body: ThoughtRecordBody) => missingSteps(body).length === 0;

export interface ThoughtRecordProblem {
  /** The body's field at fault (`emotionsAfter.1`, `hotThought` …). */
  field: string;
  /** What is wrong, in a sentence a person can act on. */
  message: string;
  /** The field's rule, short (`must name one of the 3 thoughts`). */
  rule: string;
}

/**
 * What the schema cannot check, first problem first (null when the body is fine): one belief per thought,
 * the hot thought among the thoughts, each emotion once, re-ratings only of emotions named at the start and
 * each once, a belief only with the thought it rates. Older records (none of the new fields) always pass.
 */
export function checkThoughtRecord(body: ThoughtRecordBody): ThoughtRecordProblem | null {
  const thoughts = body.thoughts ?? [];
  const count = thoughts.length;
  if (body.thoughtBeliefs !== undefined) {
    if (body.thoughtBeliefs.length !== count)
      return {
        field: 'thoughtBeliefs',
        message: `Rate how strongly you believe each thought: ${count} thoughts need ${count} ratings, not ${body.thoughtBeliefs.length}.`,
        rule: `must have one rating per thought (${count})`,
      };
    const bad = body.thoughtBeliefs.findIndex((b) => !isRating(b));
    if (bad !== -1)
      return {
        field: `thoughtBeliefs.${bad}`,
        message: 'A belief is rated from 0 to 100.',
        rule: 'must be a whole number from 0 to 100',
      };
  }
  if (body.hotThought !== undefined && (body.hotThought < 0 || body.hotThought >= count))
    return {
      field: 'hotThought',
      message: `The hot thought must be one of the ${count} thoughts written down.`,
      rule: `must be the position of one of the ${count} thoughts (0 to ${count - 1})`,
    };
  const emotions = body.emotions ?? [];
  const twice = emotions.findIndex((e, i) => emotions.findIndex((x) => sameEmotion(x, e)) !== i);
  if (twice !== -1)
    return {
      field: `emotions.${twice}`,
      message: `"${emotions[twice]!.name}" is named twice: name each emotion once.`,
      rule: 'must not repeat an emotion',
    };
  const after = body.emotionsAfter ?? [];
  for (const [i, a] of after.entries()) {
    if (!emotions.some((e) => sameEmotion(e, a)))
      return {
        field: `emotionsAfter.${i}`,
        message: `"${a.name}" was not named at the start: re-rate only the emotions you named then.`,
        rule: 'must be one of the emotions named in emotions',
      };
    if (after.findIndex((x) => sameEmotion(x, a)) !== i)
      return {
        field: `emotionsAfter.${i}`,
        message: `"${a.name}" is re-rated twice: re-rate each emotion once.`,
        rule: 'must not repeat an emotion',
      };
  }
  if (body.balancedBelief !== undefined && !filled(body.balancedThought))
    return {
      field: 'balancedBelief',
      message: 'A belief in the balanced thought needs the balanced thought itself.',
      rule: 'needs balancedThought',
    };
  if (body.hotThoughtBeliefAfter !== undefined && body.hotThought === undefined)
    return {
      field: 'hotThoughtBeliefAfter',
      message: 'Re-rating the belief in the hot thought needs the hot thought marked.',
      rule: 'needs hotThought',
    };
  return null;
}

/**
 * The re-rating list of a form: one entry per emotion named at the start, in that order, keeping a rating
 * already given and starting the others at the intensity before (so an emotion left alone reads "no change").
 * Emotions removed since are dropped.
 */
export function rerateList(
  emotions: readonly RecordEmotion[],
  after: readonly RecordEmotion[],
): RecordEmotion[] {
  return emotions.map((e) => {
    const done = after.find((a) => sameEmotion(a, e));
    return { ...e, intensity: done ? done.intensity : e.intensity };
  });
}

/** The change of an emotion, after minus before (null when not re-rated). */
export const changeOf = (p: EmotionPair): number | null => (p.after === null ? null : p.after - p.before);
