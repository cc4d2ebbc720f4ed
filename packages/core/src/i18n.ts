import { addPackagePartWords, usePackageTranslation, type I18n } from '@tend/i18n';
import type problem from './problem/locales/en.json';
import type submit from './submit/locales/en.json';

/**
 * @tend/core's words are one namespace, `core`, made of one file per part (`src/<part>/locales/en.json`,
 * under the part's name: `core:problem.kinds.offline`). Each part registers its own English file when its
 * components first render; other languages come with the app's translation file, like every package's.
 */
export interface CoreResources {
  problem: typeof problem;
  submit: typeof submit;
}

export const CORE_NS = 'core';

declare module '@tend/i18n' {
  interface TendResources {
    core: CoreResources;
  }
}

/** Adds one part's English words to the `core` namespace (idempotent). */
export function registerCoreWords<S extends keyof CoreResources>(
  i18n: I18n,
  part: S,
  en: CoreResources[S],
): void {
  addPackagePartWords(i18n, CORE_NS, part, en);
}

/** `tc` translates `core` keys (problem.kinds.offline), `t` the common ones. */
export function useCoreTranslation<S extends keyof CoreResources>(part: S, en: CoreResources[S]) {
  const { t, tn: tc, i18n } = usePackageTranslation(CORE_NS, (i18n) => registerCoreWords(i18n, part, en));
  return { t, tc, i18n };
}
