import type { Page } from '@playwright/test';

/** The dedicated sign-up host for a base URL: http://localhost:5173 → http://signup.localhost:5173. */
export function signupHostUrl(baseURL: string | undefined, path = '/'): string {
  const url = new URL(path, baseURL ?? 'http://localhost:5173');
  url.hostname = `signup.${url.hostname === '127.0.0.1' ? 'localhost' : url.hostname}`;
  return url.toString();
}

/** Waits until the page's route has rendered its main heading. */
export async function waitForHeading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}
