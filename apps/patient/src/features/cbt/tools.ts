/**
 * The CBT toolkit as data: each exercise is a few steps of fields, saved step by step as one moment (the same
 * momentId, `completed: false` until the last step) so it can be left and resumed. Pure: turning the form's
 * values into the contract's body and back, where to resume, whether a draft can be saved yet.
 */
import { sameEmotion, type EmotionWord } from '@tend/domain/cbt/thought-record';
import type { CbtType } from '@tend/domain/moments';

/**
 * `thoughts`: the thought record's automatic thoughts, each with its belief, one marked hot; `rerate`: the
 * emotions named earlier, rated again; `hotView`: shows the hot thought (no value of its own).
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'list'
  | 'emotions'
  | 'patterns'
  | 'strength'
  | 'likert'
  | 'thoughts'
  | 'rerate'
  | 'hotView';
export interface ToolField {
  name: string;
  kind: FieldKind;
  /** The contract requires it (a draft is saved only once every required field has a value). */
  required?: boolean;
  max?: number;
}
export interface ToolStep {
  id: string;
  fields: ToolField[];
}
export interface CbtTool {
  slug: string;
  type: CbtType;
  steps: ToolStep[];
}

export const THINKING_PATTERNS = [
  'all-or-nothing',
  'overgeneralising',
  'mental-filter',
  'disqualifying-the-positive',
  'mind-reading',
  'fortune-telling',
  'magnification',
  'emotional-reasoning',
  'should-statements',
  'labelling',
  'personalisation',
] as const;

/** The CBT suitability statements (each 0 not at all … 4 very much). */
export const SUITABILITY_ITEMS = 8;
/** At or above this the screening suggests CBT is likely to suit (out of 32). */
export const SUITABILITY_THRESHOLD = 20;

export const CBT_TOOLS: readonly CbtTool[] = [
  {
    slug: 'thought-record',
    type: 'cbt-automatic-thoughts',
    // The seven columns (the domain's THOUGHT_RECORD_STEPS): saved from the second step on (the contract
    // needs a situation and a thought), each step after that as the person goes on.
    steps: [
      { id: 'situation', fields: [{ name: 'situation', kind: 'longText', required: true, max: 2000 }] },
      { id: 'thoughts', fields: [{ name: 'thoughts', kind: 'thoughts', required: true, max: 1000 }] },
      { id: 'emotions', fields: [{ name: 'emotions', kind: 'emotions' }] },
      { id: 'patterns', fields: [{ name: 'distortions', kind: 'patterns' }] },
      {
        id: 'evidence',
        fields: [
          { name: 'hotView', kind: 'hotView' },
          { name: 'evidenceFor', kind: 'longText', max: 5000 },
          { name: 'evidenceAgainst', kind: 'longText', max: 5000 },
        ],
      },
      {
        id: 'balanced',
        fields: [
          { name: 'hotView', kind: 'hotView' },
          { name: 'balancedThought', kind: 'longText', max: 2000 },
          { name: 'balancedBelief', kind: 'strength' },
        ],
      },
      {
        id: 'rerate',
        fields: [
          { name: 'emotionsAfter', kind: 'rerate' },
          { name: 'hotThoughtBeliefAfter', kind: 'strength' },
        ],
      },
    ],
  },
  {
    slug: 'hot-thought',
    type: 'cbt-hot-thought',
    steps: [
      {
        id: 'situation',
        fields: [
          { name: 'situation', kind: 'longText', required: true, max: 2000 },
          { name: 'hotThought', kind: 'text', required: true, max: 1000 },
        ],
      },
      { id: 'before', fields: [{ name: 'emotionsBefore', kind: 'emotions' }] },
      {
        id: 'evidence',
        fields: [
          { name: 'evidenceFor', kind: 'longText', max: 5000 },
          { name: 'evidenceAgainst', kind: 'longText', max: 5000 },
        ],
      },
      { id: 'balanced', fields: [{ name: 'balancedThought', kind: 'longText', max: 2000 }] },
      { id: 'after', fields: [{ name: 'emotionsAfter', kind: 'emotions' }] },
    ],
  },
  {
    slug: 'evidence',
    type: 'cbt-evidence',
    steps: [
      { id: 'thought', fields: [{ name: 'thought', kind: 'text', required: true, max: 1000 }] },
      { id: 'for', fields: [{ name: 'evidenceFor', kind: 'list', max: 1000 }] },
      { id: 'against', fields: [{ name: 'evidenceAgainst', kind: 'list', max: 1000 }] },
      { id: 'conclusion', fields: [{ name: 'conclusion', kind: 'longText', max: 2000 }] },
    ],
  },
  {
    slug: 'being-objective',
    type: 'cbt-being-objective',
    steps: [
      { id: 'situation', fields: [{ name: 'situation', kind: 'longText', required: true, max: 2000 }] },
      { id: 'subjective', fields: [{ name: 'subjectiveView', kind: 'longText', max: 5000 }] },
      { id: 'objective', fields: [{ name: 'objectiveView', kind: 'longText', max: 5000 }] },
    ],
  },
  {
    slug: 'core-beliefs',
    type: 'cbt-core-belief',
    steps: [
      {
        id: 'belief',
        fields: [
          { name: 'belief', kind: 'longText', required: true, max: 2000 },
          { name: 'strengthBefore', kind: 'strength' },
        ],
      },
      {
        id: 'evidence',
        fields: [
          { name: 'evidenceFor', kind: 'longText', max: 5000 },
          { name: 'evidenceAgainst', kind: 'longText', max: 5000 },
        ],
      },
      {
        id: 'newBelief',
        fields: [
          { name: 'newBelief', kind: 'longText', max: 2000 },
          { name: 'strengthAfter', kind: 'strength' },
        ],
      },
    ],
  },
  {
    slug: 'thinking-patterns',
    type: 'cbt-unhealthy',
    steps: [
      { id: 'patterns', fields: [{ name: 'patterns', kind: 'patterns', required: true }] },
      {
        id: 'example',
        fields: [
          { name: 'situation', kind: 'longText', max: 2000 },
          { name: 'thought', kind: 'text', max: 1000 },
        ],
      },
      { id: 'reframe', fields: [{ name: 'reframe', kind: 'longText', max: 2000 }] },
    ],
  },
  {
    slug: 'suitability',
    type: 'cbt-screening',
    steps: [{ id: 'first', fields: [{ name: 'answers', kind: 'likert', required: true }] }],
  },
];

export const toolBySlug = (slug: string | undefined) => CBT_TOOLS.find((t) => t.slug === slug);

export interface Emotion {
  name: string;
  intensity: number;
  /** Set when chosen from the common emotions (the name is then its label in the person's language). */
  word?: EmotionWord;
}
/** One automatic thought of the form: its words, how strongly it is believed (0–100), whether it is the hot one. */
export interface Thought {
  text: string;
  belief: number;
  hot: boolean;
}
export type Values = Record<
  string,
  string | string[] | Emotion[] | Thought[] | number | null | Array<number | null>
>;

/** The fields holding a value (a `hotView` only shows one). */
const fieldsOf = (tool: CbtTool) => tool.steps.flatMap((s) => s.fields).filter((f) => f.kind !== 'hotView');

/** The thoughts written down (empty ones left out), the hot one marked (the only one when there is one). */
export function writtenThoughts(value: Values[string] | undefined): Thought[] {
  const kept = ((value ?? []) as Thought[]).filter((t) => t.text.trim() !== '');
  return kept.length === 1 ? [{ ...kept[0]!, hot: true }] : kept;
}

/** Empty values for a tool's form. */
export function emptyValues(tool: CbtTool): Values {
  const v: Values = {};
  for (const f of fieldsOf(tool)) {
    v[f.name] =
      f.kind === 'list' ||
      f.kind === 'patterns' ||
      f.kind === 'emotions' ||
      f.kind === 'thoughts' ||
      f.kind === 'rerate'
        ? []
        : f.kind === 'strength'
          ? null
          : f.kind === 'likert'
            ? Array.from({ length: SUITABILITY_ITEMS }, () => null)
            : '';
  }
  return v;
}

/** Whether a field has a value worth sending. */
export function hasValue(f: ToolField, value: Values[string] | undefined): boolean {
  if (f.kind === 'likert')
    return Array.isArray(value) && value.length > 0 && value.every((a) => typeof a === 'number');
  // Thoughts: at least one, and the hot one chosen when there are several.
  if (f.kind === 'thoughts') return writtenThoughts(value).some((t) => t.hot);
  if (Array.isArray(value))
    return (value as unknown[]).some((x) =>
      typeof x === 'string'
        ? x.trim() !== ''
        : typeof x === 'object' && x !== null
          ? (x as Emotion).name.trim() !== ''
          : true,
    );
  if (typeof value === 'number') return true;
  return typeof value === 'string' && value.trim() !== '';
}

/** Every field the contract requires has a value: the entry can be saved (as a draft or finished). */
export const canSave = (tool: CbtTool, values: Values) =>
  fieldsOf(tool).every((f) => !f.required || hasValue(f, values[f.name]));

/** The contract's body of the entry (empty fields left out; `completed` false for a draft). */
export function toBody(tool: CbtTool, values: Values, completed: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fieldsOf(tool)) {
    const v = values[f.name];
    if (!hasValue(f, v)) continue;
    if (f.kind === 'list') body[f.name] = (v as string[]).map((s) => s.trim()).filter(Boolean);
    else if (f.kind === 'emotions' || f.kind === 'rerate')
      body[f.name] = (v as Emotion[])
        .filter((e) => e.name.trim())
        .map((e) => ({
          name: e.name.trim(),
          intensity: Math.round(e.intensity),
          ...(e.word ? { word: e.word } : {}),
        }));
    else if (f.kind === 'thoughts') {
      const kept = writtenThoughts(v);
      body[f.name] = kept.map((t) => t.text.trim());
      body.thoughtBeliefs = kept.map((t) => Math.round(t.belief));
      const hot = kept.findIndex((t) => t.hot);
      if (hot !== -1) body.hotThought = hot;
    } else if (f.kind === 'text' || f.kind === 'longText') body[f.name] = (v as string).trim();
    else body[f.name] = v;
  }
  if (tool.type === 'cbt-automatic-thoughts') keepConsistent(body);
  if (tool.type === 'cbt-screening' && Array.isArray(body.answers)) {
    const score = (body.answers as number[]).reduce((a, b) => a + b, 0);
    body.score = score;
    body.recommended = score >= SUITABILITY_THRESHOLD;
  }
  body.completed = completed;
  return body;
}

/**
 * What the server checks beyond the schema, kept true whatever the person did going back and forth: a
 * re-rating only of emotions still named (each once), a belief only with what it rates.
 */
function keepConsistent(body: Record<string, unknown>) {
  const named = (body.emotions as Emotion[] | undefined) ?? [];
  const after = ((body.emotionsAfter as Emotion[] | undefined) ?? []).filter(
    (a, i, all) => named.some((e) => sameEmotion(e, a)) && all.findIndex((x) => sameEmotion(x, a)) === i,
  );
  if (after.length > 0) body.emotionsAfter = after;
  else delete body.emotionsAfter;
  if (body.balancedThought === undefined) delete body.balancedBelief;
  if (body.hotThought === undefined) delete body.hotThoughtBeliefAfter;
}

/** A stored entry back into the form's values. */
export function fromBody(tool: CbtTool, body: Record<string, unknown>): Values {
  const v = emptyValues(tool);
  for (const f of fieldsOf(tool)) {
    if (body[f.name] === undefined || body[f.name] === null) continue;
    if (f.kind === 'thoughts') {
      const beliefs = (body.thoughtBeliefs as number[] | undefined) ?? [];
      v[f.name] = (body[f.name] as string[]).map((text, i) => ({
        text,
        belief: beliefs[i] ?? 50,
        hot: body.hotThought === i,
      }));
    } else v[f.name] = body[f.name] as Values[string];
  }
  return v;
}

/** Where to resume a draft: the first step with nothing in it (the last step when every step has something). */
export function resumeStep(tool: CbtTool, values: Values): number {
  const i = tool.steps.findIndex((s) => s.fields.every((f) => !hasValue(f, values[f.name])));
  return i === -1 ? tool.steps.length - 1 : i;
}

/** A stored entry is a draft still to finish. */
export const isDraft = (body: Record<string, unknown> | undefined) => body?.completed === false;
