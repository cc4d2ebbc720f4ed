/**
 * A CBT exercise's form values, pure: empty values, turning them into the contract's body and back, where to
 * resume, whether a draft can be saved yet.
 */
import { sameEmotion, type EmotionWord } from '@tend/domain/cbt/thought-record';
import { SUITABILITY_ITEMS, SUITABILITY_THRESHOLD, type CbtTool, type ToolField } from './tools.ts';

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
