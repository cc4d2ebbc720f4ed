/** Pure helpers over the contract's moments (no React). */
import type { EventType, Moment, PatientMomentPage } from '@tend/api/model';

export type MomentType = EventType;
export type MomentOf<T extends MomentType> = Extract<Moment, { eventType: T }>;

/** Groups of moment types a timeline can be filtered by, in the order people think of them. */
export const MOMENT_GROUPS = {
  checkups: ['checkup'],
  journal: ['journal'],
  screening: ['phq9', 'gad7'],
  cbt: [
    'cbt-automatic-thoughts',
    'cbt-hot-thought',
    'cbt-evidence',
    'cbt-being-objective',
    'cbt-core-belief',
    'cbt-unhealthy',
    'cbt-screening',
  ],
  exercises: ['activity', 'relaxation', 'positive-reading', 'quiz', 'resilience', 'risk-factor'],
  notes: ['note'],
  files: ['file'],
} as const satisfies Record<string, readonly MomentType[]>;
export type MomentGroup = keyof typeof MOMENT_GROUPS;

/** The first line of a text, at most `max` characters (an ellipsis when cut). */
export function firstLine(text: string | undefined | null, max = 140): string {
  const line = (text ?? '').trim().split(/\r?\n/)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Size in KB (under 1 MB) or MB, one decimal. */
export function fileSize(bytes: number): { unit: 'kilobytes' | 'megabytes'; value: string } {
  return bytes < 1024 * 1024
    ? { unit: 'kilobytes', value: Math.max(1, Math.round(bytes / 1024)).toString() }
    : { unit: 'megabytes', value: (bytes / 1024 / 1024).toFixed(1) };
}

/** The moments of an infinite list's pages, newest first, each once (by momentId). */
export function momentsOf(pages: readonly PatientMomentPage[] | undefined): Moment[] {
  const seen = new Set<string>();
  const out: Moment[] = [];
  for (const page of pages ?? []) {
    for (const m of page.items) {
      if (seen.has(m.momentId)) continue;
      seen.add(m.momentId);
      out.push(m);
    }
  }
  return out;
}

/** Narrows a moment to its type. */
export function isMoment<T extends MomentType>(moment: Moment, type: T): moment is MomentOf<T> {
  return moment.eventType === type;
}
