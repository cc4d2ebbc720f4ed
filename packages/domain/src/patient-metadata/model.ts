import type { MetadataChange, PatientGoal, PatientPreferences } from '@tend/api/model';

/** The patient's metadata documents this subject edits (the contract's PatientGoals and PatientPreferences). */
export const GOALS_DOCUMENT = 'goals';
export const PREFERENCES_DOCUMENT = 'preferences';

export const FOCUS_AREAS = [
  'mood',
  'anxiety',
  'sleep',
  'stress',
  'relationships',
  'work',
  'self-esteem',
  'habits',
] as const;
export const SUPPORT_STYLES = ['gentle', 'practical', 'listening'] as const;
export const MAX_GOALS = 10;

export interface PreferencesValues extends Record<string, unknown> {
  pronouns: string;
  focusAreas: string[];
  supportStyle: string;
  remindersOn: boolean;
}

/** A document's data read as the preferences form (anything unexpected left at its empty value). */
export function preferencesValues(data: Record<string, unknown> | undefined): PreferencesValues {
  const p = (data ?? {}) as PatientPreferences;
  return {
    pronouns: typeof p.pronouns === 'string' ? p.pronouns : '',
    focusAreas: Array.isArray(p.focusAreas)
      ? p.focusAreas.filter((a) => (FOCUS_AREAS as readonly string[]).includes(a))
      : [],
    supportStyle: typeof p.supportStyle === 'string' ? p.supportStyle : '',
    remindersOn: p.remindersOn === true,
  };
}

/** The changes that make the stored preferences these values: empty ones removed. */
export function preferencesChanges(values: PreferencesValues): MetadataChange[] {
  const pronouns = values.pronouns.trim();
  return [
    pronouns ? { op: 'set', path: 'pronouns', value: pronouns } : { op: 'remove', path: 'pronouns' },
    values.focusAreas.length > 0
      ? { op: 'set', path: 'focusAreas', value: [...new Set(values.focusAreas)] }
      : { op: 'remove', path: 'focusAreas' },
    values.supportStyle
      ? { op: 'set', path: 'supportStyle', value: values.supportStyle }
      : { op: 'remove', path: 'supportStyle' },
    { op: 'set', path: 'remindersOn', value: values.remindersOn },
  ];
}

/** How the first-run welcome ended: gone through, or skipped. Either way it is not shown again. */
export type FirstRunOutcome = 'finished' | 'skipped';

/** Whether the first-run welcome is behind the patient (preferences' `firstRun`, kept on the server). */
export function firstRunDone(data: Record<string, unknown> | undefined): boolean {
  const outcome = (data as PatientPreferences | undefined)?.firstRun;
  return outcome === 'finished' || outcome === 'skipped';
}

export interface GoalRow {
  id: string;
  text: string;
  why: string;
  achieved: boolean;
  createdAt: string;
}

export interface GoalsValues extends Record<string, unknown> {
  goals: GoalRow[];
}

/** The goals document read as rows, oldest first. */
export function goalsValues(data: Record<string, unknown> | undefined): GoalsValues {
  const goals = ((data ?? {}) as { goals?: Record<string, PatientGoal> }).goals ?? {};
  return {
    goals: Object.entries(goals)
      .filter(([, g]) => g && typeof g.text === 'string')
      .map(([id, g]) => ({
        id,
        text: g.text,
        why: g.why ?? '',
        achieved: g.achieved === true,
        createdAt: g.createdAt,
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
  };
}

/** The one change that makes the stored goals these rows (the whole `goals` object; empty rows left out). */
export function goalsChanges(values: GoalsValues): MetadataChange[] {
  const goals: Record<string, PatientGoal> = {};
  for (const row of values.goals) {
    const text = row.text.trim();
    if (!text) continue;
    const why = row.why.trim();
    goals[row.id] = { text, achieved: row.achieved, createdAt: row.createdAt, ...(why ? { why } : {}) };
  }
  return [{ op: 'set', path: 'goals', value: goals }];
}

/** A new goal row (id safe for the contract's pattern). */
export function newGoal(now = new Date()): GoalRow {
  return {
    id: `g${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    text: '',
    why: '',
    achieved: false,
    createdAt: now.toISOString(),
  };
}
