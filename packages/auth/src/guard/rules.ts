import type { Params } from 'react-router';
import { LOGIN_PATH } from '@tend/ui';
import type { AuthSnapshot } from '../session/types.ts';
import { loginPathFor, returnToFrom, safeRedirectPath, segmentsToPath } from './paths.ts';

/**
 * What a route's rule answers: `true` enter; `false` refuse; a path (`'/security'`) or a list of path segments
 * (`['patients', id]`) redirect there. Redirects must stay inside the app (see paths.ts).
 */
export type GuardResult = boolean | string | readonly (string | number)[];

export interface GuardContext {
  /** The signed-in user (or none) when the navigation is checked. */
  auth: AuthSnapshot;
  params: Params;
  /** The URL being entered. */
  url: URL;
}

/** A rule: a fixed answer, or a function of the navigation (may be async, e.g. to ask the server). */
export type GuardRule = GuardResult | ((context: GuardContext) => GuardResult | Promise<GuardResult>);

/** What the router does with a rule's answer. */
export type GuardOutcome =
  | { type: 'enter' }
  | { type: 'refuse'; reason: 'rule' | 'unsafe-redirect' | 'error' }
  | { type: 'redirect'; to: string };

/** The path (with query and hash) being entered, as returnTo carries it. */
export function currentPath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Built-in rules. A route without a rule gets `rules.signedIn`. */
export const rules = {
  /** Anyone may enter. */
  public: true as GuardRule,
  /** The default: a signed-in user enters; an anonymous visitor goes to sign in and comes back after. */
  signedIn: ((ctx: GuardContext) =>
    ctx.auth.status === 'signedIn' ? true : loginPathFor(LOGIN_PATH, currentPath(ctx.url))) as GuardRule,
  /**
   * Only for visitors who are not signed in (the sign-in page): a signed-in user goes on to the page's
   * validated `returnTo`, else to `to`.
   */
  signedOut:
    (to = '/'): GuardRule =>
    (ctx) =>
      ctx.auth.status === 'signedIn' ? returnToFrom(ctx.url.search, to) : true,
  /** A signed-in user holding `scope` enters; others signed in are refused; anonymous visitors sign in. */
  hasScope:
    (scope: string): GuardRule =>
    (ctx) => {
      if (ctx.auth.status !== 'signedIn') return loginPathFor(LOGIN_PATH, currentPath(ctx.url));
      return ctx.auth.user.scopes.includes(scope);
    },
  /** Every rule must let the user in; the first other answer wins. */
  all:
    (...all: GuardRule[]): GuardRule =>
    async (ctx) => {
      for (const rule of all) {
        const answer = typeof rule === 'function' ? await rule(ctx) : rule;
        if (answer !== true) return answer;
      }
      return true;
    },
};

/**
 * Evaluates a rule into what the router does. An unsafe redirect is refused and logged; a rule that throws is
 * refused and logged (a broken rule never lets a visitor in).
 */
export async function evaluateGuard(
  rule: GuardRule | undefined,
  context: GuardContext,
): Promise<GuardOutcome> {
  let answer: GuardResult;
  try {
    const effective = rule ?? rules.signedIn;
    answer = typeof effective === 'function' ? await effective(context) : effective;
  } catch (error) {
    console.error('Route guard failed', error);
    return { type: 'refuse', reason: 'error' };
  }
  if (answer === true) return { type: 'enter' };
  if (answer === false) return { type: 'refuse', reason: 'rule' };
  const to = typeof answer === 'string' ? safeRedirectPath(answer, 'guard redirect') : segmentsToPath(answer);
  if (to === null) {
    if (typeof answer !== 'string') console.warn('Refused guard redirect to invalid path segments', answer);
    return { type: 'refuse', reason: 'unsafe-redirect' };
  }
  // Redirecting to the page being entered would loop: enter it instead only if that is what the rule meant.
  if (to === currentPath(context.url)) return { type: 'enter' };
  return { type: 'redirect', to };
}
