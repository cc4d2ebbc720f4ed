import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Where each axe run's time is noted (scripts/test.ts sets it and sums it up after the run). */
const timingsFile = process.env.TEND_E2E_AXE_TIMINGS;

/** The WCAG tags every page is checked against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page and fails with a readable list of violations. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // label-content-name-mismatch (WCAG 2.5.3 Label in Name) is experimental in axe: enabled explicitly. options()
  // replaces every option, so it comes before withTags (which adds the tag filter to them). resultTypes: only
  // the violations are collected in full (axe's own advice for speed): the passes, incomplete and inapplicable
  // results, which nobody reads here, keep one node each instead of every node of the page sent back.
  let builder = new AxeBuilder({ page })
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
  const started = Date.now();
  const results = await builder.analyze();
  if (timingsFile) appendFileSync(timingsFile, `${Date.now() - started}\n`);
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
