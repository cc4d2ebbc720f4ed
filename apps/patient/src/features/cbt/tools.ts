/**
 * The CBT toolkit as data: each exercise is a few steps of fields, saved step by step as one moment (the same
 * momentId, `completed: false` until the last step) so it can be left and resumed. The form's values and the
 * contract's body: ./values.ts.
 */
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
