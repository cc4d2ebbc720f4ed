/**
 * A helpful next step after a daily check-up or a screening: at most two short suggestions, chosen by the
 * rules below in order, never instead of crisis help (when one suggests the safety plan because things look
 * very hard, the card also offers crisis help, and a PHQ-9 item 9 above 0 keeps its own safety flow first).
 *
 * The rules, in the order they are tried:
 * 1. Things look very hard (mood "Very low"; a PHQ-9 with item 9 above 0, or moderately severe or severe):
 *    the safety plan, with crisis help beside it.
 * 2. A lot of anxiety (anxiety 4 or 5 of 5; a GAD-7 moderate or severe): the breathing exercise.
 * 3. Low mood (mood "Low"; a PHQ-9 moderate): a thought record, where the organisation offers CBT.
 * 4. Poor sleep and little energy (both 1 or 2 of 5): the breathing exercise, to wind down.
 * 5. Any of 1 to 3 with a therapist to write to, where the organisation offers chat: a message to them, second
 *    (a person before a second exercise).
 * Nothing is suggested when none holds: a good day needs no advice.
 */
export type NextStep = 'safety-plan' | 'breathing' | 'thought-record' | 'message-therapist';

/** What was just recorded. */
export type Recorded =
  | { kind: 'checkup'; mood: number; anxiety?: number; sleep?: number; energy?: number }
  | { kind: 'phq9'; severity: string; item9: number }
  | { kind: 'gad7'; severity: string };

/** What the patient has: a therapist to write to, and what the organisation offers. */
export interface Circumstances {
  hasTherapist: boolean;
  chatOffered: boolean;
  cbtOffered: boolean;
}

/** The most suggestions shown at once. */
export const MAX_STEPS = 2;

const SEVERE_PHQ9 = new Set(['moderately-severe', 'severe']);
const HIGH_GAD7 = new Set(['moderate', 'severe']);

/** The next steps for what was recorded, at most MAX_STEPS, most important first. */
export function nextSteps(recorded: Recorded, has: Circumstances): NextStep[] {
  const veryHard =
    (recorded.kind === 'checkup' && recorded.mood <= 1) ||
    (recorded.kind === 'phq9' && (recorded.item9 > 0 || SEVERE_PHQ9.has(recorded.severity)));
  const anxious =
    (recorded.kind === 'checkup' && (recorded.anxiety ?? 0) >= 4) ||
    (recorded.kind === 'gad7' && HIGH_GAD7.has(recorded.severity));
  const low =
    (recorded.kind === 'checkup' && recorded.mood === 2) ||
    (recorded.kind === 'phq9' && recorded.severity === 'moderate');
  const tired =
    recorded.kind === 'checkup' &&
    recorded.sleep !== undefined &&
    recorded.energy !== undefined &&
    recorded.sleep <= 2 &&
    recorded.energy <= 2;

  const exercises: NextStep[] = [];
  if (veryHard) exercises.push('safety-plan');
  if (anxious || tired) exercises.push('breathing');
  if (low && has.cbtOffered) exercises.push('thought-record');
  // A person second, before another exercise, where there is a therapist to write to.
  const person = (veryHard || anxious || low) && has.hasTherapist && has.chatOffered;
  const steps = person ? [exercises[0], 'message-therapist' as const, ...exercises.slice(1)] : exercises;
  return steps.filter((s): s is NextStep => s !== undefined).slice(0, MAX_STEPS);
}
