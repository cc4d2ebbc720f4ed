/** A screen's own words for a problem, chosen by the problem's code, else its kind. */
import type { Problem, ProblemKind } from './toProblem.ts';

/** A screen's own words for some problems: by the problem's code (the contract's or Firebase's), else its kind. */
export interface ProblemWording<T> {
  codes?: Readonly<Partial<Record<string, T>>>;
  kinds?: Readonly<Partial<Record<ProblemKind, T>>>;
}

/**
 * The screen's words for a problem (undefined when it has none: the problem's own translated message
 * applies). The one way a screen words a problem its own way; never the server's text.
 */
export function wordingOf<T>(problem: Problem, wording: ProblemWording<T>): T | undefined {
  const own = <K extends string>(table: Readonly<Partial<Record<K, T>>> | undefined, key: K) =>
    table && Object.hasOwn(table, key) ? table[key] : undefined;
  return own(wording.codes, problem.code) ?? own(wording.kinds, problem.kind);
}
