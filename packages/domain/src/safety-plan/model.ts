/**
 * The safety plan as the patient keeps it (the usual sections of a Stanley-Brown style plan), stored as the
 * cloud document `safety-plan` (structure version 1): each section a list of short entries.
 */
export const SAFETY_PLAN_DOCUMENT = 'safety-plan';
export const SAFETY_PLAN_VERSION = 1;

export const SECTIONS = [
  'warningSigns',
  'coping',
  'distractions',
  'helpers',
  'professionals',
  'safer',
  'reasons',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface SafetyPlan {
  sections: Record<Section, string[]>;
}

export const emptyPlan = (): SafetyPlan => ({
  sections: Object.fromEntries(SECTIONS.map((s) => [s, []])) as unknown as Record<Section, string[]>,
});

/** A stored document read as a plan: unknown sections dropped, entries trimmed, empty ones left out. */
export function readPlan(content: unknown): SafetyPlan {
  const plan = emptyPlan();
  const sections = (content as { sections?: Record<string, unknown> } | null)?.sections;
  if (sections && typeof sections === 'object') {
    for (const s of SECTIONS) {
      const value = sections[s];
      if (Array.isArray(value))
        plan.sections[s] = value
          .filter((v): v is string => typeof v === 'string')
          .map((v) => v.trim())
          .filter(Boolean);
    }
  }
  return plan;
}

/** A section's text (one entry a line) as entries, and back. */
export const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
export const toText = (lines: readonly string[]): string => lines.join('\n');

export const samePlan = (a: SafetyPlan, b: SafetyPlan): boolean =>
  SECTIONS.every((s) => toText(a.sections[s]) === toText(b.sections[s]));

/** The sections where two versions differ. */
export const differingSections = (a: SafetyPlan, b: SafetyPlan): Section[] =>
  SECTIONS.filter((s) => toText(a.sections[s]) !== toText(b.sections[s]));

/**
 * Both versions kept: every entry of the saved version, then the entries only mine has, each section in its
 * own order (an entry in both appears once). Nothing either device wrote is lost.
 */
export function combinePlans(saved: SafetyPlan, mine: SafetyPlan): SafetyPlan {
  const plan = emptyPlan();
  for (const s of SECTIONS) {
    const seen = new Set(saved.sections[s].map((e) => e.toLocaleLowerCase()));
    plan.sections[s] = [
      ...saved.sections[s],
      ...mine.sections[s].filter((e) => !seen.has(e.toLocaleLowerCase())),
    ];
  }
  return plan;
}
