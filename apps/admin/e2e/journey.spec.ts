/**
 * Staff and intake, the whole journey on a fresh organisation, end to end on the real stack: the administrator
 * invites a new therapist, who takes up the mailed invitation (password, authenticator, console); a patient joins by the
 * organisation's access code and waits in the intake queue; the administrator places them with the new
 * therapist, who finds them in the caseload, and the patient sees the therapist in My care team; the
 * administrator removes the therapist, sending the patient back to the queue. Then a lead therapist places the
 * patient from the therapist console's Intake, and the administrator moves the patient to another therapist
 * with a reason, which the audit log keeps. After each step the organisation's numbers agree on the overview,
 * Roles, Dashboards and Home.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, offScreen, PHONE_HEIGHT } from '../../../e2e/support/phone.ts';
import { createUser, enrolTotpByApi, readMail } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage } from '../../../packages/auth/e2e/portal.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';
import {
  expectInCareTeam,
  expectOrganisationNumbers,
  joinByAccessCode,
  takeUpInvitation,
  THERAPIST_CONSOLE,
} from './journeys.ts';
import { ROOT_ADMIN, asAdmin, createOrganisation, signedInPage } from './support.ts';

const PLACES = 20;
const PASSWORD = 'Quiet-harbour-journey-26';

test.describe('admin console: staff and intake, the whole journey', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const organisation = { id: '', name: `Journey ${stamp}`, places: PLACES };
  const newcomer = { firstName: 'Jo', lastName: `Newcomer${stamp}`, email: `journey-t-${stamp}@example.com` };
  const newcomerName = `${newcomer.firstName} ${newcomer.lastName}`;
  const lead = { firstName: 'Lee', lastName: `Lead${stamp}`, email: `journey-lead-${stamp}@example.com` };
  const leadName = `${lead.firstName} ${lead.lastName}`;
  const other = { firstName: 'Ola', lastName: `Other${stamp}`, email: `journey-o-${stamp}@example.com` };
  const otherName = `${other.firstName} ${other.lastName}`;
  const patient = {
    firstName: 'Robin',
    lastName: `Okafor${stamp}`,
    email: `journey-p-${stamp}@home.example`,
  };
  const patientName = `${patient.firstName} ${patient.lastName}`;
  let admin: Page;
  let newcomerPage: Page | undefined;
  let accessCode: string;

  const numbers = (patients: number, waiting: number, therapists: number, invitations = 0) =>
    expectOrganisationNumbers(admin, organisation, { patients, waiting, therapists, invitations });
  const intake = () => `/intake?organisation=${encodeURIComponent(organisation.id)}`;
  /**
   * On an intake page (the console's or the therapist console's), the patient, alone in the queue, is placed
   * with `therapist` (who has no patients yet): the page says so and the queue is empty.
   */
  const placeWith = async (page: Page, therapist: string) => {
    await page.getByRole('checkbox', { name: `Choose ${patientName}` }).check();
    await page.getByRole('combobox', { name: 'Therapist' }).click();
    await page.getByRole('option', { name: `${therapist} · 0 patients, 0 high risk` }).click();
    await page.getByRole('button', { name: 'Place with this therapist' }).click();
    await expect(page.getByTestId('intake-placed')).toHaveText(`1 person placed with ${therapist}.`);
    await expect(page.getByTestId('intake-empty')).toBeVisible();
  };

  test.beforeAll(async ({ browser, request }) => {
    organisation.id = await createOrganisation(request, organisation.name, PLACES);
    const code = await asAdmin(
      request,
      ROOT_ADMIN,
      'POST',
      `/organisation/${encodeURIComponent(organisation.id)}/access-code`,
    );
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    accessCode = (code.body as { accessCode: string }).accessCode;
    admin = await signedInPage(browser);
  });
  test.afterAll(async () => {
    await newcomerPage?.context().close();
    await admin?.context().close();
  });

  test('a fresh organisation: no patients, therapists or invitations anywhere', async () => {
    await numbers(0, 0, 0);
  });

  test('the administrator invites a therapist, who takes up the mailed invitation and signs in', async ({
    browser,
    request,
  }) => {
    const since = Date.now();
    await admin.goto(`/organisations/${encodeURIComponent(organisation.id)}/staff`);
    await admin.getByLabel('E-mail address').fill(newcomer.email);
    await admin.getByLabel('First name').fill(newcomer.firstName);
    await admin.getByLabel('Last name').fill(newcomer.lastName);
    await admin.getByRole('radio', { name: /^Therapist/ }).check();
    await admin.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: `The invitation is on its way to ${newcomer.email}.` }),
    ).toBeVisible();
    await numbers(0, 0, 0, 1);

    const taken = await takeUpInvitation(browser, request, {
      ...newcomer,
      password: PASSWORD,
      organisation: organisation.name,
      since,
    });
    newcomerPage = taken.page;
    await numbers(0, 0, 1);
  });

  test('a patient joins by the access code and waits in the intake queue', async ({ browser }) => {
    await joinByAccessCode(browser, {
      ...patient,
      accessCode,
      organisation: organisation.name,
      password: PASSWORD,
    });
    await admin.goto(intake());
    await expect(admin.getByTestId('intake-row').filter({ hasText: patient.lastName })).toBeVisible();
    await expect(admin.getByTestId('intake-count')).toHaveText('1 person is waiting.');
    await numbers(1, 1, 1);
  });

  test('the administrator places them with the new therapist: the caseload and My care team show it', async ({
    browser,
    request,
  }) => {
    await admin.goto(intake());
    await placeWith(admin, newcomerName);

    await newcomerPage!.goto('/caseload');
    await expect(
      newcomerPage!.getByTestId('caseload-row').filter({ hasText: patient.lastName }),
    ).toBeVisible();
    await expectInCareTeam(browser, request, { ...patient, password: PASSWORD }, newcomerName);
    await numbers(1, 0, 1);
  });

  test('the administrator removes the therapist, choosing the intake queue: the patient waits again', async () => {
    await newcomerPage?.context().close();
    newcomerPage = undefined;
    await admin.goto(`/organisations/${encodeURIComponent(organisation.id)}/staff`);
    await admin.getByRole('link', { name: `Remove from the organisation: ${newcomerName}` }).click();
    await admin
      .getByLabel(/^Where does Robin .* go\?/)
      .selectOption({ label: 'The intake queue (no therapist for now)' });
    await admin.getByRole('button', { name: `Remove ${newcomerName}` }).click();
    await expect(
      admin.getByText('Removed. Patients now with another therapist: 0. Patients in the intake queue: 1.'),
    ).toBeVisible();
    await admin.goto(intake());
    await expect(admin.getByTestId('intake-row').filter({ hasText: patient.lastName })).toBeVisible();
    await numbers(1, 1, 0);
  });

  test('a lead therapist places the patient with themselves from the therapist console’s Intake', async ({
    browser,
    request,
  }) => {
    const made = await createUser(request, {
      ...lead,
      scopes: ['therapist'],
      organisationId: organisation.id,
    });
    const { secret } = await enrolTotpByApi(request, lead.email, ['therapist']);
    const roles = await asAdmin(
      request,
      ROOT_ADMIN,
      'PUT',
      `/organisation/${encodeURIComponent(organisation.id)}/staff/${encodeURIComponent(made.userId)}/roles`,
      { roles: ['therapist', 'lead-therapist'] },
    );
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);

    const context = await browser.newContext({ baseURL: THERAPIST_CONSOLE });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expectSignInPage(page);
      await signInAs(page, lead.email, secret);
      await expect(page.getByRole('heading', { level: 1, name: `Hello, ${lead.firstName}` })).toBeVisible();
      await page.getByRole('navigation').getByRole('link', { name: 'Intake' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Intake' })).toBeVisible();
      const row = page.getByTestId('intake-row').filter({ hasText: patient.lastName });
      await expect(row).toContainText('Nothing logged yet');
      await expectNoA11yViolations(page);
      await placeWith(page, leadName);
      await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
      await expect(page.getByTestId('therapist-load')).toBeVisible();
      // The console lays itself out again for the phone (the navigation becomes a drawer): let it settle.
      await expect.poll(() => offScreen(page)).toEqual([]);
      await expectFitsPhone(page, 'the therapist console’s intake');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/caseload');
      await expect(page.getByTestId('caseload-row').filter({ hasText: patient.lastName })).toBeVisible();
    } finally {
      await context.close();
    }
    await numbers(1, 0, 1);
  });

  test('the administrator moves the patient to another therapist with a reason; everyone is told; the audit log keeps it', async ({
    browser,
    request,
  }) => {
    await createUser(request, { ...other, scopes: ['therapist'], organisationId: organisation.id });
    const since = Date.now();
    await admin.goto(`/organisations/${encodeURIComponent(organisation.id)}/staff`);
    await admin.getByRole('link', { name: `Move a patient to another therapist: ${leadName}` }).click();
    await expect(
      admin.getByRole('heading', { level: 1, name: `Move a patient of ${leadName} to another therapist` }),
    ).toBeVisible();
    await expectNoA11yViolations(admin);
    // Nothing moves without a patient, a therapist and a reason.
    await admin.getByRole('button', { name: 'Move the patient' }).click();
    await expect(admin.getByText('Choose the patient who moves.')).toBeVisible();
    await expect(admin.getByText('Say why the patient moves.')).toBeVisible();
    await admin.getByLabel(/^Patient/).selectOption({ label: patientName });
    await admin
      .getByLabel(/^New therapist/)
      .selectOption({ label: `${otherName} · 0 patients, 0 high risk` });
    await admin.getByLabel(/^Why the patient moves/).fill('Closer to their working hours');
    await admin.getByRole('button', { name: 'Move the patient' }).click();
    const confirm = admin.getByTestId('move-confirm');
    await expect(confirm).toContainText(`Move ${patientName} to ${otherName}?`);
    await expectNoA11yViolations(admin);
    await admin.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await expect.poll(() => offScreen(admin)).toEqual([]);
    await expectFitsPhone(admin, 'moving a patient at 320 px');
    await admin.setViewportSize({ width: 1280, height: 720 });
    await confirm.getByRole('button', { name: `Yes, move ${patientName}` }).click();
    await expect(admin.getByTestId('move-done')).toContainText(`${patientName} is now with ${otherName}.`);
    await expect(
      admin.getByText(`${leadName} leads nobody's care, so there is no patient to move.`),
    ).toBeVisible();

    expect(await readMail(request, other.email, since, /(placed with you)/)).toBe('placed with you');
    expect(await readMail(request, lead.email, since, /(moved to another therapist)/)).toBe(
      'moved to another therapist',
    );
    expect(await readMail(request, patient.email, since, /(you have a therapist)/)).toBe(
      'you have a therapist',
    );
    await expectInCareTeam(browser, request, { ...patient, password: PASSWORD }, otherName, {
      firstVisit: false,
    });

    await admin.goto(`/organisations/${encodeURIComponent(organisation.id)}?tab=audit`);
    const moved = admin
      .getByTestId('audit-entry')
      .filter({ hasText: patient.lastName })
      .filter({ hasText: 'Moved to another therapist' })
      .first();
    await expect(moved).toContainText('Reason: Closer to their working hours');
    await expect(moved).toContainText(otherName);
    await expect(moved).toContainText(/By Riley Adams, \d/);
    await numbers(1, 0, 2);
  });
});
