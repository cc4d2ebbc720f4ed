/**
 * PHQ-9 and GAD-7 as published: items, answers, scoring, severity bands, caseness, reliable change and the
 * PHQ-9 item-9 safety rule. Pure (no React, no i18n): the server's checks (apps/server risk.ts) and the apps'
 * screens use this one implementation. The wording is in ./locales/en.json (screening.*), exact.
 *
 * PHQ-9: Kroenke, Spitzer & Williams (2001), J Gen Intern Med 16:606-613. Nine items scored 0-3, total 0-27;
 * 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe.
 * GAD-7: Spitzer, Kroenke, Williams & Löwe (2006), Arch Intern Med 166:1092-1097. Seven items 0-3, total
 * 0-21; 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe.
 * Caseness (clinical threshold) and reliable change as used by NHS Talking Therapies: PHQ-9 ≥ 10 and GAD-7 ≥ 8
 * are at or above the caseness line; a change of at least 6 (PHQ-9) or 4 (GAD-7) points is reliable.
 */

export type ScreeningType = 'phq9' | 'gad7';
export type Phq9Severity = 'minimal' | 'mild' | 'moderate' | 'moderately-severe' | 'severe';
export type Gad7Severity = 'minimal' | 'mild' | 'moderate' | 'severe';
export type Severity = Phq9Severity | Gad7Severity;

/** The four answers of every item, with their scores. */
export const ANSWER_SCORES = [0, 1, 2, 3] as const;
export type AnswerScore = (typeof ANSWER_SCORES)[number];
/** Keys of the answers' wording: Not at all, Several days, More than half the days, Nearly every day. */
export const ANSWER_KEYS = ['notAtAll', 'severalDays', 'moreThanHalf', 'nearlyEveryDay'] as const;

/** The optional difficulty question (0 Not difficult at all … 3 Extremely difficult). */
export const DIFFICULTY_KEYS = [
  'notDifficult',
  'somewhatDifficult',
  'veryDifficult',
  'extremelyDifficult',
] as const;

export interface ScreeningDefinition {
  type: ScreeningType;
  /** Number of items. */
  items: number;
  maxTotal: number;
  /** Bands as [lowest total, severity], ascending. */
  bands: ReadonlyArray<readonly [number, Severity]>;
  /** A total at or above this is at or above the caseness line. */
  caseness: number;
  /** A change of at least this many points is reliable. */
  reliableChange: number;
}

export const PHQ9: ScreeningDefinition = {
  type: 'phq9',
  items: 9,
  maxTotal: 27,
  bands: [
    [0, 'minimal'],
    [5, 'mild'],
    [10, 'moderate'],
    [15, 'moderately-severe'],
    [20, 'severe'],
  ],
  caseness: 10,
  reliableChange: 6,
};

export const GAD7: ScreeningDefinition = {
  type: 'gad7',
  items: 7,
  maxTotal: 21,
  bands: [
    [0, 'minimal'],
    [5, 'mild'],
    [10, 'moderate'],
    [15, 'severe'],
  ],
  caseness: 8,
  reliableChange: 4,
};

export const SCREENINGS: Record<ScreeningType, ScreeningDefinition> = { phq9: PHQ9, gad7: GAD7 };

/** PHQ-9 item 9: "Thoughts that you would be better off dead or of hurting yourself in some way" (index 8). */
export const PHQ9_ITEM9_INDEX = 8;
/** At or above these totals the server flags the patient high-risk for the care team. */
export const SEVERE_TOTAL: Record<ScreeningType, number> = { phq9: 20, gad7: 15 };

export function isAnswerScore(value: unknown): value is AnswerScore {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3;
}

/** True when every item is answered with a score 0-3 (a result can only be submitted then). */
export function isComplete(
  type: ScreeningType,
  items: ReadonlyArray<number | null | undefined>,
): items is number[] {
  return items.length === SCREENINGS[type].items && items.every(isAnswerScore);
}

/** The index of the first unanswered item, or -1 when all are answered. */
export function firstUnanswered(
  type: ScreeningType,
  items: ReadonlyArray<number | null | undefined>,
): number {
  for (let i = 0; i < SCREENINGS[type].items; i++) if (!isAnswerScore(items[i])) return i;
  return -1;
}

/** The total of a complete set of items (throws on an incomplete or out-of-range set). */
export function total(type: ScreeningType, items: ReadonlyArray<number>): number {
  if (!isComplete(type, items)) {
    throw new RangeError(`A ${type} result needs ${SCREENINGS[type].items} item scores from 0 to 3.`);
  }
  return items.reduce((sum, score) => sum + score, 0);
}

/** The published severity band of a total. */
export function severity(type: ScreeningType, totalScore: number): Severity {
  const def = SCREENINGS[type];
  if (!Number.isInteger(totalScore) || totalScore < 0 || totalScore > def.maxTotal) {
    throw new RangeError(`A ${type} total is a whole number from 0 to ${def.maxTotal}.`);
  }
  let band: Severity = def.bands[0]![1];
  for (const [lowest, name] of def.bands) if (totalScore >= lowest) band = name;
  return band;
}

export const phq9Severity = (totalScore: number) => severity('phq9', totalScore) as Phq9Severity;
export const gad7Severity = (totalScore: number) => severity('gad7', totalScore) as Gad7Severity;

/** At or above the caseness line (PHQ-9 ≥ 10, GAD-7 ≥ 8). */
export function isCase(type: ScreeningType, totalScore: number): boolean {
  return totalScore >= SCREENINGS[type].caseness;
}

/**
 * The PHQ-9 item-9 rule: any answer above 0 ("Several days" or more) to thoughts of being better off dead or
 * of self-harm ALWAYS starts the safety flow, whatever the total.
 */
export function needsSafetyFlow(
  type: ScreeningType,
  items: ReadonlyArray<number | null | undefined>,
): boolean {
  if (type !== 'phq9') return false;
  const item9 = items[PHQ9_ITEM9_INDEX];
  return typeof item9 === 'number' && item9 > 0;
}

export type ChangeKind = 'reliable-improvement' | 'reliable-deterioration' | 'no-reliable-change';

export interface Change {
  kind: ChangeKind;
  /** later − earlier (negative is better). */
  delta: number;
  /** Moved from at or above the caseness line to below it, with reliable improvement ("reliable recovery"). */
  reliableRecovery: boolean;
}

/** The change between two totals of the same measure. */
export function change(type: ScreeningType, earlier: number, later: number): Change {
  const def = SCREENINGS[type];
  const delta = later - earlier;
  const kind: ChangeKind =
    delta <= -def.reliableChange
      ? 'reliable-improvement'
      : delta >= def.reliableChange
        ? 'reliable-deterioration'
        : 'no-reliable-change';
  return {
    kind,
    delta,
    reliableRecovery: kind === 'reliable-improvement' && isCase(type, earlier) && !isCase(type, later),
  };
}

/** The body a screening moment carries (the contract's Phq9Body / Gad7Body). */
export interface ScreeningResult {
  items: number[];
  total: number;
  severity: Severity;
  difficulty?: number;
}

/** Scores a complete set of answers into the moment body the server checks. */
export function score(
  type: ScreeningType,
  items: ReadonlyArray<number>,
  difficulty?: number,
): ScreeningResult {
  const t = total(type, items);
  return {
    items: [...items],
    total: t,
    severity: severity(type, t),
    ...(difficulty === undefined ? {} : { difficulty }),
  };
}

export type ScreeningProblem =
  | { field: 'items'; reason: 'count' }
  | { field: 'total'; expected: number }
  | { field: 'severity'; expected: Severity };

/** What is wrong with a submitted result (null when it is consistent): the server answers 400 for each. */
export function checkResult(
  type: ScreeningType,
  body: { items?: unknown; total?: unknown; severity?: unknown },
): ScreeningProblem | null {
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  if (!isComplete(type, items as Array<number | null>)) return { field: 'items', reason: 'count' };
  const t = total(type, items as number[]);
  if (body.total !== t) return { field: 'total', expected: t };
  const s = severity(type, t);
  if (body.severity !== s) return { field: 'severity', expected: s };
  return null;
}
