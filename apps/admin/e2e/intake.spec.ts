import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, PHONE_HEIGHT } from '../../../e2e/support/phone.ts';
import { createUser, enrolTotpByApi, readMail } from '../../../packages/auth/e2e/accounts.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';
import {
  expectInCareTeam,
  expectOrganisationNumbers,
  joinByAccessCode,
  THERAPIST_CONSOLE,
} from './journeys.ts';
import { ROOT_ADMIN, asAdmin, createOrganisation, signedInPage } from './support.ts';

const PASSWORD = 'gentle-morning-58';
const PLACES = 20;

// Intake on a fresh organisation under Tend Health (its own access code, one therapist of its own): a new
// patient joins by the code and waits in the intake queue; the administrator places them with the therapist,
// who is told by e-mail and finds them in the caseload, and the patient sees the therapist in My care team.
// After each step the organisation's numbers agree on the overview, Roles, Dashboards and Home.
test.describe('admin console: intake', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Intake ${stamp}`;
  const therapist = {
    firstName: 'Quinn',
    lastName: `Harlow${stamp}`,
    email: `intake-t-${stamp}@example.com`,
  };
  const patient = { firstName: 'Robin', lastName: `Okafor${stamp}`, email: `intake-p-${stamp}@home.example` };
  let page: Page;
  let id: string;
  let accessCode: string;
  let secret: string;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(150_000);
    id = await createOrganisation(request, name, PLACES);
    const code = await asAdmin(
      request,
      ROOT_ADMIN,
      'POST',
      `/organisation/${encodeURIComponent(id)}/access-code`,
    );
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    accessCode = (code.body as { accessCode: string }).accessCode;
    await createUser(request, { ...therapist, scopes: ['therapist'], organisationId: id });
    secret = (await enrolTotpByApi(request, therapist.email, ['therapist'])).secret;
    page = await signedInPage(browser);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  /** The same numbers on the overview, Roles, Dashboards and Home. */
  const expectNumbers = (patients: number, waiting: number) =>
    expectOrganisationNumbers(
      page,
      { id, name, places: PLACES },
      { patients, waiting, therapists: 1, invitations: 0 },
      [`${therapist.firstName} ${therapist.lastName}`],
    );

  test('a fresh organisation: nobody waiting, the same numbers everywhere; Home is axe clean', async () => {
    await expectNumbers(0, 0);
    await expect(page.getByTestId('home-waiting')).toContainText('Nobody is waiting');
    await expectNoA11yViolations(page);
  });

  test('a patient who joins by the access code waits in the intake queue', async ({ browser }) => {
    await joinByAccessCode(browser, { ...patient, accessCode, organisation: name, password: PASSWORD });

    await page.goto(`/intake?organisation=${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Intake' })).toBeVisible();
    const row = page.getByTestId('intake-row').filter({ hasText: patient.lastName });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Joined today');
    await expect(row).toContainText('Nothing logged yet');
    await expect(page.getByTestId('intake-count')).toHaveText('1 person is waiting.');
    await expect(page.getByTestId('therapist-load')).toContainText(
      `${therapist.firstName} ${therapist.lastName}`,
    );
    await expectNoA11yViolations(page);
    await expectNumbers(1, 1);
  });

  test('the administrator places the patient with the therapist, who is told by e-mail', async ({
    request,
  }) => {
    const since = Date.now();
    await page.goto(`/intake?organisation=${encodeURIComponent(id)}`);
    // Nothing chosen: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Place with this therapist' }).click();
    await expect(page.getByText('Choose at least one person in the list.')).toBeVisible();
    await page.getByRole('checkbox', { name: `Choose ${patient.firstName} ${patient.lastName}` }).check();
    await expect(page.getByTestId('intake-chosen')).toHaveText('1 person chosen.');
    await page.getByRole('combobox', { name: 'Therapist' }).click();
    await page
      .getByRole('option', { name: `${therapist.firstName} ${therapist.lastName} · 0 patients, 0 high risk` })
      .click();
    await page.getByRole('button', { name: 'Place with this therapist' }).click();
    await expect(page.getByTestId('intake-placed')).toHaveText(
      `1 person placed with ${therapist.firstName} ${therapist.lastName}.`,
    );
    await expect(page.getByTestId('intake-empty')).toBeVisible();
    await expect(
      page.getByTestId('therapist-load').getByRole('row', { name: new RegExp(therapist.lastName) }),
    ).toContainText('1');
    await expectNoA11yViolations(page);
    expect(await readMail(request, therapist.email, since, /(placed with you)/)).toBe('placed with you');
    expect(await readMail(request, patient.email, since, /(you have a therapist)/)).toBe(
      'you have a therapist',
    );
    await expectNumbers(1, 0);
  });

  test('the therapist finds the patient in the caseload, and an alert of them on the console’s home', async ({
    browser,
  }) => {
    const consolePage = await (await browser.newContext()).newPage();
    await consolePage.goto(`${THERAPIST_CONSOLE}/caseload`);
    await signInAs(consolePage, therapist.email, secret);
    await expect(consolePage.getByTestId('caseload-row').filter({ hasText: patient.lastName })).toBeVisible({
      timeout: 20_000,
    });
    // The console's home alerts them to the new patient until they dismiss it.
    await consolePage.goto(`${THERAPIST_CONSOLE}/`);
    const notices = consolePage.getByTestId('placement-notices');
    await expect(notices).toContainText('New patients placed with you');
    await expect(
      notices.getByRole('link', { name: `Open ${patient.firstName} ${patient.lastName}’s record` }),
    ).toBeVisible();
    await expectNoA11yViolations(consolePage);
    await notices
      .getByRole('button', { name: `Dismiss the alert about ${patient.firstName} ${patient.lastName}` })
      .click();
    await expect(notices).toHaveCount(0);
    await consolePage.reload();
    await expect(consolePage.getByRole('heading', { level: 2, name: 'Who needs you first' })).toBeVisible();
    await expect(consolePage.getByTestId('placement-notices')).toHaveCount(0);
    await consolePage.context().close();
  });

  test('the patient sees the therapist in My care team', async ({ browser, request }) => {
    await expectInCareTeam(
      browser,
      request,
      { ...patient, password: PASSWORD },
      `${therapist.firstName} ${therapist.lastName}`,
    );
  });

  test('Intake and Home fit a 320 px phone', async () => {
    await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await page.goto(`/intake?organisation=${encodeURIComponent(id)}`);
    await expect(page.getByTestId('therapist-load')).toBeVisible();
    await expectFitsPhone(page, 'intake');
    await page.goto(`/?organisation=${encodeURIComponent(id)}`);
    await expect(page.getByTestId('home-places-value')).toBeVisible();
    await expectFitsPhone(page, 'home');
  });
});
