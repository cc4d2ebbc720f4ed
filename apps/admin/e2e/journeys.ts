/**
 * Steps the staff and intake specs share: an invited person takes up the mailed invitation (password, an
 * authenticator on the first sign-in, the console); a patient joins an organisation by its access code on
 * the public site; and the organisation's numbers, read from the overview, Roles, Dashboards and Home.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { APP_PORTS } from '@tend/config/ports';
import { readMail, skipFirstRun } from '../../../packages/auth/e2e/accounts.ts';
import { freshTotpCode, submitCode, submitCredentials } from '../../../packages/auth/e2e/portal.ts';

export const PUBLIC_SITE = `http://localhost:${APP_PORTS.public}`;
export const THERAPIST_CONSOLE = `http://localhost:${APP_PORTS.therapist}`;
export const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;

/**
 * The invited therapist opens the mailed link, chooses `password`, signs in to the therapist console,
 * enrols an authenticator and reaches its home. Answers the console's page (its own context: close it) and
 * the authenticator's secret.
 */
export async function takeUpInvitation(
  browser: Browser,
  request: APIRequestContext,
  invited: { email: string; firstName: string; password: string; organisation: string; since: number },
  checks: { beforePassword?(page: Page): Promise<void>; accountReady?(page: Page): Promise<void> } = {},
): Promise<{ page: Page; secret: string }> {
  const { email, password } = invited;
  const link = await readMail(request, email, invited.since, /(http\S+\/staff\/invitation\?token=[\w-]+)/);
  expect(link.startsWith(`${PUBLIC_SITE}/`)).toBe(true);
  const context = await browser.newContext({ baseURL: THERAPIST_CONSOLE });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Join your team on Tend' })).toBeVisible();
  await expect(
    page.getByText(`you are invited to join ${invited.organisation} on Tend as a therapist`),
  ).toBeVisible();
  await checks.beforePassword?.(page);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Your account is ready.', { exact: false })).toBeVisible();
  await checks.accountReady?.(page);
  await page.getByRole('link', { name: 'Sign in to the therapist console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
  await page.getByLabel(/^Name for this authenticator/).fill('Work phone');
  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.locator('input[name="code"]').fill(await freshTotpCode(secret, { account: email }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  // The enrolment's code is used up: the console asks for the next one of the new authenticator.
  await submitCode(page, await freshTotpCode(secret, { account: email }));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${invited.firstName}` })).toBeVisible();
  return { page, secret };
}

/** A visitor joins the organisation by its access code on the public site (an account of their own). */
export async function joinByAccessCode(
  browser: Browser,
  join: {
    accessCode: string;
    organisation: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  },
) {
  const visitor = await (await browser.newContext()).newPage();
  try {
    await visitor.goto(`${PUBLIC_SITE}/signup?client=demo`);
    await visitor.getByRole('textbox', { name: /^Access code/ }).fill(join.accessCode);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByText(`This access code belongs to ${join.organisation}.`)).toBeVisible();
    await visitor.getByRole('textbox', { name: /Your e-mail address/ }).fill(join.email);
    await visitor.getByLabel(/^Password/).fill(join.password);
    await visitor.getByLabel(/^Repeat the password/).fill(join.password);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByRole('textbox', { name: /First name/ }).fill(join.firstName);
    await visitor.getByRole('textbox', { name: /Last name/ }).fill(join.lastName);
    await visitor.getByRole('textbox', { name: /Screen name/ }).fill('robin');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByRole('checkbox', { name: /terms of use/ }).check();
    await visitor.getByRole('checkbox', { name: /privacy notice/ }).check();
    await visitor.getByRole('button', { name: 'Create my account' }).click();
    await expect(visitor.getByText(`You're now part of ${join.organisation} on Tend.`)).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await visitor.context().close();
  }
}

/**
 * The patient signs in to the app and finds `therapist` as their lead therapist in My care team (on their
 * first visit, past the first-run welcome, stored as skipped through the API).
 */
export async function expectInCareTeam(
  browser: Browser,
  request: APIRequestContext,
  patient: { email: string; password: string; firstName: string },
  therapist: string,
  { firstVisit = true }: { firstVisit?: boolean } = {},
) {
  if (firstVisit) await skipFirstRun(request, patient.email, patient.password);
  const app = await (await browser.newContext()).newPage();
  try {
    await app.goto(`${PATIENT_APP}/`);
    await submitCredentials(app, patient.email, patient.password);
    await expect(app.getByRole('heading', { level: 1, name: `Hello, ${patient.firstName}` })).toBeVisible();
    await app.getByRole('navigation').getByRole('link', { name: 'My care team' }).click();
    const team = app.getByRole('region', { name: 'Your therapists' });
    await expect(team.getByText(therapist, { exact: true })).toBeVisible();
    await expect(team.getByText('Lead therapist')).toBeVisible();
  } finally {
    await app.context().close();
  }
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/**
 * The organisation's numbers as the administrator's pages show them: places used on the overview, patients
 * on Roles, patients, waiting and therapists on Dashboards, and the same on Home (with invitations pending).
 */
export async function expectOrganisationNumbers(
  page: Page,
  organisation: { id: string; name: string; places: number },
  numbers: { patients: number; waiting: number; therapists: number; invitations: number },
  /** Therapists the Roles tab lists by name. */
  therapistNames: string[] = [],
) {
  const id = encodeURIComponent(organisation.id);
  const { patients, waiting, therapists, invitations } = numbers;
  await page.goto(`/organisations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: organisation.name })).toBeVisible();
  await expect(page.getByText(`${patients} of ${organisation.places} used`)).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(
    page.getByText(
      patients === 1
        ? '1 patient belongs to this organisation.'
        : `${patients} patients belong to this organisation.`,
    ),
  ).toBeVisible();
  for (const name of therapistNames) await expect(page.getByRole('table').getByText(name)).toBeVisible();

  await page.goto(`/dashboards/overview?organisation=${id}`);
  const figures = page.getByTestId('figures');
  const figure = (label: string) =>
    figures.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Patients')).toHaveText(String(patients));
  await expect(figure('Waiting for a therapist')).toHaveText(String(waiting));
  await expect(figure('Therapists')).toHaveText(String(therapists));

  await page.goto(`/?organisation=${id}`);
  await expect(page.getByTestId('home-waiting-value')).toHaveText(String(waiting));
  await expect(page.getByTestId('home-places-value')).toHaveText(`${patients} of ${organisation.places}`);
  await expect(page.getByTestId('home-counts')).toHaveText(
    `${plural(patients, 'patient', 'patients')} · ${plural(therapists, 'therapist', 'therapists')}`,
  );
  await expect(page.getByTestId('home-invitations-value')).toHaveText(String(invitations));
}
