/**
 * Onboarding: a new patient who joined Tend Health North (whose demo onboarding survey is
 * `survey-north-welcome`, apps/server/src/db/seed-onboarding.ts) through the public site is taken through the survey at their first sign-in: an answer
 * kept on the device survives leaving, the response is stored, the tour follows, and it never comes back. A
 * patient of Tend Health (no onboarding survey) goes straight home.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { signOut, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import {
  newPatient,
  openAndCloseCrisisPanel,
  signInPastWelcome,
  signInPatient,
  signUpToAgreements,
} from './support.ts';

const NORTH_ACCESS_CODE = 'TENDNORTH';
const PASSWORD = 'gentle-morning-58';
const PUBLIC_SITE = `http://localhost:${APP_PORTS.public}`;

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
const email = `onboarding-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@home.example`;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

/** Signs up through the public site with Tend Health North's access code (as signup.spec.ts does). */
async function signUpToNorth() {
  await page.goto(`${PUBLIC_SITE}/signup`);
  await signUpToAgreements(page, {
    accessCode: NORTH_ACCESS_CODE,
    organisationName: 'Tend Health North',
    email,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Okafor',
    screenName: 'sam',
  });
  await page.getByRole('checkbox', { name: /terms of use/ }).check();
  await page.getByRole('checkbox', { name: /privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText("You're now part of Tend Health North on Tend.")).toBeVisible({
    timeout: 20_000,
  });
}

const question = (n: number) => page.getByRole('heading', { level: 2, name: `Question ${n} of 6` });

test('a new patient of Tend Health North answers the welcome survey, can leave and carry on, then takes the tour', async () => {
  // Sign-up, six questions and six tour steps, each checked with axe.
  test.setTimeout(150_000);
  await signUpToNorth();

  // The first sign-in to the patient app goes to the welcome, then the survey, wherever it was headed.
  await page.goto('/timeline');
  await submitCredentials(page, email, PASSWORD);
  // First the first-run welcome, which says the organisation's questions come next.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tend' })).toBeVisible();
  await expect(page.getByText('Your organisation also has a few welcome questions for you.')).toBeVisible();
  await page.getByRole('button', { name: 'Go on to the welcome questions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tend Health North' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(question(1)).toBeVisible();
  await expectNoA11yViolations(page);

  // The first question is needed: Next without an answer says so, and there is no skipping it.
  await expect(page.getByRole('button', { name: 'Skip this question' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please answer this question to finish.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: '7', exact: true }).check();
  await expect(page.getByText('Please answer this question to finish.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(question(2)).toBeFocused();
  await page
    .getByRole('textbox', { name: 'What would you most like help with right now?' })
    .fill('Sleeping better');
  await expectNoA11yViolations(page);

  // Leaving (another page, then a fresh load) and coming back: the answers and the question are as they were.
  await page.goto('/checkup');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.reload();
  await expect(question(2)).toBeVisible();
  await expect(page.getByText('Welcome back. We kept your answers so far')).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'What would you most like help with right now?' }),
  ).toHaveValue('Sleeping better');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '7', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(question(3)).toBeFocused();
  await page.getByRole('checkbox', { name: 'Sleep' }).check();
  await page.getByRole('checkbox', { name: 'Stress' }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(question(4)).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Skip this question' }).click();

  await expect(question(5)).toBeFocused();
  await page.getByRole('radio', { name: 'No' }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(question(6)).toBeFocused();
  await page.getByRole('radio', { name: 'Online' }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Send my answers' }).click();

  // The tour, by keyboard: each step's heading takes the focus.
  await expect(page.getByRole('heading', { level: 1, name: 'A quick look around' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome\/tour$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Check in each day' })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const heading of [
    'Write things down',
    'See everything in one place',
    'Short questionnaires',
    'Talk to your care team',
    'Help, whenever you need it',
  ]) {
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeFocused();
    await expectNoA11yViolations(page);
  }
  await openAndCloseCrisisPanel(page, page.getByRole('button', { name: 'See the help available now' }));
  await page.getByRole('button', { name: 'Start using Tend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();

  // The server holds the response, with what was answered (and nothing skipped).
  const bearer = await signInByApi(page.request, email, ['patient'], PASSWORD);
  const sessions = await page.request.get(`${API_ROOT}/survey/sessions`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const welcome = (
    (await sessions.json()) as { items: Array<{ surveyId: string; completedAt: string | null }> }
  ).items.find((s) => s.surveyId === 'survey-north-welcome');
  expect(welcome?.completedAt, await sessions.text()).toBeTruthy();
});

test('the welcome survey never comes back: signing in again lands on the home page', async () => {
  await signOut(page);
  await signInPastWelcome(page, email, PASSWORD, 'Sam');
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();
});

test('a patient whose organisation has no onboarding survey goes straight home', async ({
  browser,
  request,
}) => {
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const patient = await newPatient(request, 'onboarding-none', 'Noor');
  await signInPatient(other, patient);
  await expect(other).not.toHaveURL(/\/welcome/);
  await fresh.close();
});
