import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core's own script (580 kB), read once per test worker. */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * Loads axe into the page's document unless an earlier check already did. The apps change pages without a
 * new document, so one load serves every check until the next full load; AxeBuilder then gets a one-line
 * source instead of sending and compiling the whole script twice per check (its inject step and analyze).
 */
async function loadAxe(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
}

/** Where each axe run's time is noted (scripts/test.ts sets it and sums it up after the run). */
const timingsFile = process.env.TEND_E2E_AXE_TIMINGS;

/** The WCAG tags every page is checked against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the page's finite animations and transitions to end (a dialog fading in, a drawer sliding), so
 * nothing is checked or measured halfway: a half-faded dialog fails colour contrast that the settled one
 * passes. Endless or long ones (a spinner, the breathing exercise's pacer) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i += 1) await new Promise((r) => requestAnimationFrame(r));
    const ending = document.getAnimations().filter((a) => {
      const timing = a.effect?.getComputedTiming();
      const left = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0);
      return left <= 1_500;
    });
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Runs axe on the page and fails with a readable list of violations. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // label-content-name-mismatch (WCAG 2.5.3 Label in Name) is experimental in axe: enabled explicitly. options()
  // replaces every option, so it comes before withTags (which adds the tag filter to them). resultTypes: only
  // the violations are collected in full (axe's own advice for speed): the passes, incomplete and inapplicable
  // results, which nobody reads here, keep one node each instead of every node of the page sent back.
  const started = Date.now();
  await settleAnimations(page);
  await loadAxe(page);
  let builder = new AxeBuilder({ page, axeSource: 'void 0;' })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .withTags(WCAG_TAGS)
    // One axe.run in the page instead of axe.runPartial in every frame and axe.finishRun in a new blank page
    // (about 2.5 times faster here): legacy mode skips only cross-origin frames, and the apps' policy
    // (default-src 'none', no frame-src: packages/config/src/hosting.ts) lets no frame load at all.
    .setLegacyMode();
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  if (timingsFile) appendFileSync(timingsFile, `${Date.now() - started}\n`);
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
