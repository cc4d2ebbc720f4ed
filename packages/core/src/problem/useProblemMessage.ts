import { useCallback, useEffect, useState } from 'react';
import { getLocale } from '@tend/i18n';
import type { Problem } from './toProblem.ts';
import { useProblemWords } from './words.ts';

/** The time of day, in the user's locale and timezone, with seconds (for "try again at"). */
export const timeOfDay = (epochMs: number) =>
  new Intl.DateTimeFormat(getLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(epochMs),
  );

/**
 * What a screen needs of a problem to show it: a Problem, or a package's own wording of one (the sign-in
 * flow's, keyed by the Problem's code) with its kind, attempts left and when to try again.
 */
export type ShownProblem = Pick<Problem, 'kind'> &
  Partial<Pick<Problem, 'messageKey' | 'retryable' | 'retryAt' | 'attemptsLeft'>>;

/**
 * The sentence a screen shows for a problem: its message (or `base`, a screen's own words for it), then the
 * attempts left and when to try again.
 */
export function useProblemMessage(): (problem: ShownProblem, base?: string) => string {
  const { tc } = useProblemWords();
  return useCallback(
    (problem: ShownProblem, base?: string) => {
      const parts = [base ?? tc(problem.messageKey ?? `problem.kinds.${problem.kind}`)];
      if (problem.attemptsLeft !== undefined && problem.kind !== 'rateLimited')
        parts.push(tc('problem.attemptsLeft', { count: problem.attemptsLeft }));
      if (problem.retryAt !== undefined && problem.retryAt > Date.now())
        parts.push(tc('problem.retryAt', { time: timeOfDay(problem.retryAt) }));
      return parts.filter(Boolean).join(' ');
    },
    [tc],
  );
}

/** True until `until` (epoch ms) has passed; re-renders then (to re-enable a form after Retry-After). */
export function useUntil(until: number | undefined): boolean {
  const [, setTick] = useState(0);
  const active = until !== undefined && until > Date.now();
  useEffect(() => {
    if (until === undefined) return;
    const ms = until - Date.now();
    if (ms <= 0) return;
    const id = setTimeout(() => setTick((n) => n + 1), Math.min(ms + 50, 2_147_000_000));
    return () => clearTimeout(id);
  }, [until]);
  return active;
}
