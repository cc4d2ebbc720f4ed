/**
 * Signed-in tabs shared within a Playwright worker. The apps keep their session in the tab's sessionStorage
 * (Firebase's `firebase:authUser:*` entry and `tend.sessionStart`), which Playwright's storageState does not
 * carry: a spec that signed an account in once keeps those entries, and a new browser context of the same
 * account starts with them, as a reloaded tab would. A staff sign-in spends a TOTP time step of the account (one
 * per 30 s), so the demo administrators' many sign-ins waited minutes for the clock. Specs that sign out, or
 * check the sign-in itself, use their own accounts and never a kept tab.
 */
import type { BrowserContext, Page } from '@playwright/test';

interface KeptTab {
  origin: string;
  entries: Array<[string, string]>;
}

const kept = new Map<string, KeptTab>();
const keyOf = (origin: string, email: string) => `${origin}\n${email}`;

/** Keeps the session entries of a tab just signed in as `email` (for the next context of this worker). */
export async function keepTabSession(page: Page, email: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const entries = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(
      ([k]) => k.startsWith('firebase:authUser:') || k === 'tend.sessionStart',
    ),
  );
  if (entries.length > 0) kept.set(keyOf(origin, email), { origin, entries });
}

/**
 * Gives `context` the session kept for `email` at `origin`, written once into the tab's sessionStorage before
 * the app's scripts run (a later reload, e.g. after signing out, does not write it again). False when none is kept.
 */
export async function restoreTabSession(
  context: BrowserContext,
  origin: string,
  email: string,
): Promise<boolean> {
  const tab = kept.get(keyOf(origin, email));
  if (!tab) return false;
  await context.addInitScript((t: KeptTab) => {
    if (location.origin !== t.origin || sessionStorage.getItem('e2e.restored')) return;
    sessionStorage.setItem('e2e.restored', '1');
    for (const [k, v] of t.entries) sessionStorage.setItem(k, v);
  }, tab);
  return true;
}

/** Forgets the kept session (it no longer opens the app, e.g. the account was signed out everywhere). */
export function forgetTabSession(origin: string, email: string): void {
  kept.delete(keyOf(origin, email));
}
