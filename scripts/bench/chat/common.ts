/** What the chat benchmark's measures share: where the product runs, who signs in, browser contexts, figures. */
import type { Browser, Page } from '@playwright/test';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { APP_PORTS, SERVER_PORT } from '../../../packages/config/src/ports.ts';
import { BENCH_CHAT } from '../../../apps/server/src/db/seed-large/parts/60-chat.ts';

export const API = `http://localhost:${SERVER_PORT}`;
export const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;
export const THERAPIST_APP = `http://localhost:${APP_PORTS.therapist}`;
export const PASSWORD = 'Tend-demo-2026';
export const THERAPIST = 'therapist@example.com';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const ms = (n: number) => `${Math.round(n)} ms`;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/**
 * tsx (esbuild, keepNames) wraps the functions given to page.evaluate in `__name(…)` calls, which pages do not
 * define: every context gets this no-op first (as a string, so it is not transformed itself).
 */
export const NAME_SHIM = { content: 'window.__name = (fn) => fn;' };

export async function benchContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(NAME_SHIM);
  return context;
}

export async function signInPatient(page: Page): Promise<void> {
  await page.goto(`${PATIENT_APP}/authentication/login?returnTo=%2Fchat`);
  await submitCredentials(page, BENCH_CHAT.email, PASSWORD);
  await page
    .locator('[role="region"][aria-label^="Conversation"] article')
    .first()
    .waitFor({ timeout: 60_000 });
}
