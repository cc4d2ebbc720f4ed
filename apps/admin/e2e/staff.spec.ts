/**
 * Organisation staff, end to end on the real stack: the demo administrator invites a new therapist to Tend
 * Health; the invitation is read from the development mailbox; the therapist chooses a password on the
 * public site, enrols an authenticator on the first sign-in and reaches the therapist console, where they
 * take on a patient. The administrator makes them a lead therapist, then removes them, sending their patient
 * to the intake queue; the organisation's audit log shows each change with who and when. The staff pages
 * are axe clean and fit a 320 px phone with a long unbroken name.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { PHONE_HEIGHT, expectFitsPhone, unbroken } from '../../../e2e/support/phone.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { createUser, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { takeUpInvitation } from './journeys.ts';
import { ROOT_ADMIN, ROOT_ORGANISATION, signedInPage } from './support.ts';

const STAFF = `/organisations/${ROOT_ORGANISATION}/staff`;
const PASSWORD = 'Calm-river-staff-2026';

/** The page at a phone's width, once the shell has switched to its phone layout (the navigation drawer closed). */
async function toPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
  await expect(page.locator('#tend-navigation')).toHaveAttribute('inert');
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
}

/** A patient of the demo organisation and the access code their app shows. */
async function patientWithCode(request: APIRequestContext, stamp: string) {
  const lastName = `Placed${stamp}`;
  const email = `staff-patient-${stamp}@example.com`;
  await createUser(request, { email, firstName: 'Robin', lastName, scopes: ['patient'] });
  const bearer = await signInByApi(request, email, ['patient']);
  const response = await request.get(`${API_ROOT}/patient/get-access-code`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { name: `Robin ${lastName}`, code: ((await response.json()) as { code: string }).code };
}

test.describe('organisation staff', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const firstName = 'Jo';
  const lastName = unbroken(`Newcomer${stamp}`, 48);
  const name = `${firstName} ${lastName}`;
  const email = `staff-${stamp}@example.com`;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await signedInPage(browser, ROOT_ADMIN);
  });
  test.afterAll(async () => admin?.context().close());

  test('the administrator invites a therapist; the invitation is pending', async () => {
    await admin.goto(`/organisations/${ROOT_ORGANISATION}?tab=roles`);
    await admin.getByRole('link', { name: 'Invite and manage staff' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(admin).toHaveURL(new RegExp(`${STAFF}$`));
    await expectNoA11yViolations(admin);

    // A form sent empty says what is missing, in words.
    await admin.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(admin.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');

    await admin.getByLabel('E-mail address').fill(email);
    await admin.getByLabel('First name').fill(firstName);
    await admin.getByLabel('Last name').fill(lastName);
    await admin.getByRole('radio', { name: /^Therapist/ }).check();
    await admin.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: `The invitation is on its way to ${email}.` }),
    ).toBeVisible();
    const pending = admin.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByText(email)).toBeVisible();
    await expect(pending.getByText(/^Sent .* by Riley Adams$/).first()).toBeVisible();
    await expectNoA11yViolations(admin);
  });

  test('the therapist opens the mailed link, chooses a password, enrols an authenticator and signs in', async ({
    browser,
    request,
  }) => {
    const { page } = await takeUpInvitation(
      browser,
      request,
      { email, firstName, password: PASSWORD, organisation: 'Tend Health', since: Date.now() - 120_000 },
      {
        beforePassword: async (invitation) => {
          await expectNoA11yViolations(invitation);
          await invitation.getByLabel('Choose a password').fill(PASSWORD);
          await invitation.getByLabel('The same password again').fill(`${PASSWORD}x`);
          await invitation.getByRole('button', { name: 'Create my account' }).click();
          await expect(invitation.getByText('The two passwords are not the same.')).toBeVisible();
        },
        accountReady: expectNoA11yViolations,
      },
    );
    try {
      // The new therapist takes on a patient by the code the patient's app shows.
      const patient = await patientWithCode(request, stamp);
      await page.goto('/caseload');
      await page.getByRole('button', { name: 'Take on a patient' }).click();
      const dialog = page.getByRole('dialog', { name: 'Take on a patient' });
      await dialog.getByLabel(/^Access code/).fill(patient.code);
      await dialog.getByRole('button', { name: 'Take on' }).click();
      await expect(dialog).toContainText(`${patient.name} is on your caseload.`);
    } finally {
      await page.context().close();
    }
  });

  test('the administrator makes them a lead therapist', async () => {
    await admin.goto(STAFF);
    await admin.getByRole('button', { name: `Change roles of ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Roles of ${name}` });
    await expect(dialog.getByRole('checkbox', { name: /^Therapist/ })).toBeChecked();
    await dialog.getByRole('checkbox', { name: /^Lead therapist/ }).check();
    await expectNoA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(dialog).toBeHidden();
    const row = admin.getByTestId('staff-list').getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('Lead therapist', { exact: true })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Pending invitations' }).getByText(email)).toHaveCount(0);

    await toPhone(admin);
    await expectFitsPhone(admin, 'the staff page at 320 px');
    await admin.setViewportSize({ width: 1280, height: 720 });
  });

  test('the administrator removes them, choosing the intake queue for their patient', async () => {
    await admin.goto(STAFF);
    await admin.getByRole('link', { name: `Remove from the organisation: ${name}` }).click();
    await expect(
      admin.getByRole('heading', { level: 1, name: `Remove ${name} from the organisation` }),
    ).toBeVisible();
    await expect(admin.getByText('They care for one patient. Choose where they go:')).toBeVisible();
    const where = admin.getByLabel(/^Where does Robin Placed.* go\?/);
    await toPhone(admin);
    await expectFitsPhone(admin, 'the removal page at 320 px');
    await admin.setViewportSize({ width: 1280, height: 720 });

    // Nothing is removed until each patient has a place.
    await admin.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(admin.getByText('Choose where this patient goes.')).toBeVisible();
    await where.selectOption({ label: 'The intake queue (no therapist for now)' });
    await admin.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(
      admin.getByText('Removed. Patients now with another therapist: 0. Patients in the intake queue: 1.'),
    ).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('link', { name: 'Back to the staff' }).click();
    await expect(admin.getByTestId('staff-list').getByText(email)).toHaveCount(0);
  });

  test('the audit log shows each change with who and when', async () => {
    await admin.goto(`/organisations/${ROOT_ORGANISATION}?tab=audit`);
    const log = admin.getByTestId('audit-log');
    const about = log.getByTestId('audit-entry').filter({ hasText: email });
    const entry = (action: string) => about.filter({ hasText: action }).first();
    await expect(entry('Invited')).toContainText('As therapist');
    await expect(entry('Invited')).toContainText(/By Riley Adams, \d/);
    await expect(entry('Invitation accepted')).toContainText(`By ${name}, `);
    await expect(entry('Roles changed')).toContainText('From therapist to therapist, lead therapist');
    await expect(entry('Roles changed')).toContainText(/By Riley Adams, \d/);
    await expect(entry('Removed from the organisation')).toContainText(
      'Patients to another therapist: 0; to the intake queue: 1',
    );
    await expect(entry('Removed from the organisation')).toContainText(/By Riley Adams, \d/);
    // Newest first: the removal above the invitation.
    const actions = await about.locator('.mantine-Badge-label').allTextContents();
    expect(actions.indexOf('Removed from the organisation')).toBeLessThan(actions.indexOf('Invited'));
    await expectNoA11yViolations(admin);
    await toPhone(admin);
    await expectFitsPhone(admin, 'the audit log at 320 px');
  });
});
