/**
 * The CBT toolkit as data: each exercise is a few steps of fields, saved step by step as one moment (the same
 * momentId, `completed: false` until the last step) so it can be left and resumed. Pure: turning the form's
 * values into the contract's body and back, where to resume, whether a draft can be saved yet.
 */
import type { CbtType } from '@tend/domain/moments';

export type FieldKind = 'text' | 'longText' | 'list' | 'emotions' | 'patterns' | 'strength' | 'likert';
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
    steps: [
      { id: 'situation', fields: [{ name: 'situation', kind: 'longText', required: true, max: 2000 }] },
      { id: 'thoughts', fields: [{ name: 'thoughts', kind: 'list', required: true, max: 1000 }] },
      { id: 'emotions', fields: [{ name: 'emotions', kind: 'emotions' }] },
      { id: 'patterns', fields: [{ name: 'distortions', kind: 'patterns' }] },
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
}
export type Values = Record<string, string | string[] | Emotion[] | number | null | Array<number | null>>;

const fieldsOf = (tool: CbtTool) => tool.steps.flatMap((s) => s.fields);

/** Empty values for a tool's form. */
export function emptyValues(tool: CbtTool): Values {
  const v: Values = {};
  for (const f of fieldsOf(tool)) {
    v[f.name] =
      f.kind === 'list' || f.kind === 'patterns' || f.kind === 'emotions'
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
    else if (f.kind === 'emotions')
      body[f.name] = (v as Emotion[])
        .filter((e) => e.name.trim())
        .map((e) => ({ name: e.name.trim(), intensity: Math.round(e.intensity) }));
    else if (f.kind === 'text' || f.kind === 'longText') body[f.name] = (v as string).trim();
    else body[f.name] = v;
  }
  if (tool.type === 'cbt-screening' && Array.isArray(body.answers)) {
    const score = (body.answers as number[]).reduce((a, b) => a + b, 0);
    body.score = score;
    body.recommended = score >= SUITABILITY_THRESHOLD;
  }
  body.completed = completed;
  return body;
}

/** A stored entry back into the form's values. */
export function fromBody(tool: CbtTool, body: Record<string, unknown>): Values {
  const v = emptyValues(tool);
  for (const f of fieldsOf(tool))
    if (body[f.name] !== undefined && body[f.name] !== null) v[f.name] = body[f.name] as Values[string];
  return v;
}

/** Where to resume a draft: the first step with nothing in it (the last step when every step has something). */
export function resumeStep(tool: CbtTool, values: Values): number {
  const i = tool.steps.findIndex((s) => s.fields.every((f) => !hasValue(f, values[f.name])));
  return i === -1 ? tool.steps.length - 1 : i;
}

/** A stored entry is a draft still to finish. */
export const isDraft = (body: Record<string, unknown> | undefined) => body?.completed === false;
