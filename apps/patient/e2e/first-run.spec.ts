/**
 * A new patient's first minutes, across the public site and the patient app: sign-up with Tend Health's access
 * code, the terms of use and privacy notice opened from the agreements step, the last step into the patient
 * web app signed in (a single-use hand-over; not another organisation's install guide), the welcome e-mail in
 * the development mailbox, the first-run welcome at once, skipped, and not shown again at the next sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { readMail } from '../../../packages/auth/e2e/accounts.ts';
import { signOut } from '../../../packages/auth/e2e/portal.ts';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import { openAndCloseCrisisPanel, signInPastWelcome, signUpToAgreements } from './support.ts';

const ACCESS_CODE = 'TENDHEALTH';
const PASSWORD = 'gentle-morning-58';
const PUBLIC_SITE = `http://localhost:${APP_PORTS.public}`;
const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Opens a link of the agreements step: a new tab with the document, the sign-up left as it was. */
async function openDocument(page: Page, link: RegExp, heading: string) {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: link }).click(),
  ]);
  await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(tab.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoA11yViolations(tab);
  return tab;
}

test('a new patient signs up with the access code, reads the terms and privacy notice, gets a welcome e-mail and a first run shown once', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const email = `first-run-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@home.example`;
  const since = Date.now();

  // The sign-up offers a way to sign in for people who already have an account.
  await page.goto(`${PUBLIC_SITE}/signup`);
  await expect(page.getByText('Already have an account?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `${PATIENT_APP}/`);
  await signUpToAgreements(page, {
    accessCode: ACCESS_CODE,
    organisationName: 'Tend Health',
    email,
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Okafor',
    screenName: 'robin',
  });

  // The agreements link to the documents (Tend's own: Tend Health names none), each in a new tab.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 4 of 5: Agreements' })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshots(page, 'agreements');
  const terms = await openDocument(page, /^Read the terms of use/, 'Terms of use');
  await expect(terms.getByRole('heading', { name: 'Tend is not an emergency service' })).toBeVisible();
  await screenshots(terms, 'terms');
  await terms.close();
  const privacy = await openDocument(page, /^Read the privacy notice/, 'Privacy notice');
  for (const heading of [
    'What we keep',
    'Who sees it',
    'Download your data',
    'Have it erased',
    'How to complain',
  ])
    await expect(privacy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await screenshots(privacy, 'privacy');
  await privacy.close();
  await page.getByRole('checkbox', { name: /terms of use/ }).check();
  await page.getByRole('checkbox', { name: /privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();

  // The last step leads into the patient web app; no other organisation's install guide is offered.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Start using Tend' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("You're now part of Tend Health on Tend.")).toBeVisible();
  await expect(page.locator('a[href*="/openid/guide/"]')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshots(page, 'last-step');

  // The welcome e-mail, on the access-code path, with the way in.
  const subject = await readMail(request, email, since, /(Welcome to Tend: you have joined Tend Health)/);
  expect(subject).toBe('Welcome to Tend: you have joined Tend Health');

  // The way in signs the new patient in: a single-use hand-over in the URL's fragment (never in a query), taken
  // out of the address bar at once; no second sign-in.
  const calls: string[] = [];
  const arrivals: string[] = [];
  page.on('request', (r) => {
    if (!r.isNavigationRequest()) calls.push(r.url());
    else if (r.url().includes('/authentication/welcome')) arrivals.push(r.url());
  });
  const redeemed = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/iams/auth/handover'),
  );
  await expect(
    page.getByText('Use Tend straight away on this device: this button signs you in.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open Tend in your browser' }).click();
  const handover = ((await redeemed).postDataJSON() as { handover: string }).handover;
  // The first run: what Tend is and is not, help, the therapist, a first step; skippable.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tend' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome\/start$/);
  for (const heading of [
    'What Tend is, and what it is not',
    'If you need help now',
    'Connect with your therapist',
    'One small first step',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await openAndCloseCrisisPanel(page, page.getByRole('button', { name: 'See the help available now' }));
  await expectNoA11yViolations(page);
  await screenshots(page, 'first-run');
  await page.getByRole('button', { name: 'Skip the welcome' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
  expect(page.url()).not.toContain('handover');
  // The token came in the fragment (the page was opened without a query) and went out only in a POST body.
  expect(handover.length).toBeGreaterThan(16);
  expect(arrivals.length).toBeGreaterThan(0);
  for (const url of arrivals) expect(new URL(url).search).toBe('');
  expect(calls.filter((url) => url.includes(handover))).toEqual([]);

  // Never again: the next sign-in goes home, and the welcome's address does too.
  await signOut(page);
  await expect(page.getByText('New here?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Tend' })).toHaveAttribute(
    'href',
    `${PUBLIC_SITE}/signup`,
  );
  // The hand-over worked once: opened again, it signs no one in and says how to sign in.
  await page.goto(`${PATIENT_APP}/authentication/welcome#handover=${handover}`);
  await expect(
    page.getByText('Sign in once with your e-mail address and the password you just chose.', {
      exact: false,
    }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInPastWelcome(page, email, PASSWORD, 'Robin');

  // The check-up's mood is a scale of faces with words, chosen by keyboard like any radio group.
  await page.goto('/checkup');
  const mood = page.getByRole('radiogroup', { name: 'Mood' });
  await mood.getByLabel('Okay', { exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(mood.getByLabel('Good', { exact: true })).toBeChecked();
  await expectNoA11yViolations(page);
  await screenshots(page, 'checkup');
});
