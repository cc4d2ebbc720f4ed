import type { Page } from '@playwright/test';

/**
 * Chromium logs every 4xx answer as a console error. The sign-in protocol answers some on purpose: the
 * custom-token call says 401 mfa_required before the second factor, and 403 scope_not_granted for an
 * optional scope the user does not hold (asked again without it). Those, and the absent documents below, are
 * not problems.
 */
function isExpectedStatus(text: string, url: string): boolean {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(text)?.[1];
  if ((status === '401' || status === '403') && /\/iams\/auth\/customToken\?/.test(url)) return true;
  // A document the patient has not written yet: their goals, preferences and safety plan answer 404 until the
  // first save (the pages offer an empty form).
  return (
    status === '404' &&
    /\/(patient-metadata\/(goals|preferences)|cloud-document\/safety-plan)(\?|$)/.test(url)
  );
}

/**
 * Records CSP violations (the DOM event and the console's report), page errors and console errors from now on;
 * read `list` to see them.
 */
export async function watchConsole(page: Page): Promise<{ list: string[] }> {
  const problems = { list: [] as string[] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      ),
    );
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedStatus(message.text(), message.location().url)) return;
    problems.list.push(`console error on ${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.list.push(`page error on ${page.url()}: ${error.message}`));
  return problems;
}
