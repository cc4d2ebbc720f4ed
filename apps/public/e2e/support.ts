import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_ROOT } from '../../../e2e/support/server.ts';

/** The dedicated sign-up host for a base URL: http://localhost:5173 → http://signup.localhost:5173. */
export function signupHostUrl(baseURL: string | undefined, path = '/'): string {
  const url = new URL(path, baseURL ?? 'http://localhost:5173');
  url.hostname = `signup.${url.hostname === '127.0.0.1' ? 'localhost' : url.hostname}`;
  return url.toString();
}

/**
 * Holds the answers to requests for `url` (a glob) until the function it returns is called: to see what the
 * page shows while they load.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * Makes the next request to `pattern` (of `method`, when one is given) fail once with a 503 carrying the
 * server's own `message`, as a busy server would (page.route); the ones after it go through.
 */
export async function failNextRequest(page: Page, pattern: string, message: string, method?: string) {
  let failed = false;
  await page.route(pattern, async (route) => {
    if (failed || (method !== undefined && route.request().method() !== method)) return route.continue();
    failed = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unavailable', message }),
    });
  });
}

/** Waits until the page's route has rendered its main heading. */
export async function waitForHeading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/**
 * Polls the server's development mailbox for `to` until `pick` finds what a test waits for in the texts of its
 * mails (a code, a link; '' while there is none yet), and answers it.
 */
export async function pollMailbox(
  request: APIRequestContext,
  to: string,
  pick: (texts: string[]) => string,
): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`${API_ROOT}/dev/mailbox`, { params: { to } })
      ).json()) as Array<{ text: string }>;
      found = pick(mails.map((m) => m.text));
      return found;
    })
    .not.toBe('');
  return found;
}
