import { expect, test, type Page } from '@playwright/test';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { ROOT_ADMIN, createOrganisation, createPatientOf, signedInPage } from './support.ts';

// An alert for an organisation of its own (under Tend Health), so that the patients of the demo organisation,
// whom other specs use at the same time, never see it. Tend Health's administrator is not a platform
// administrator: the public site's alerts are not theirs (the audience is not offered).
test.describe('message alerts', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let admin: Page;
  let patient: Page;
  let organisation: string;
  const stamp = Date.now();
  const title = `Clinic closed ${stamp}`;
  const edited = `Clinic closed on Friday ${stamp}`;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    organisation = await createOrganisation(request, `E2E alerts ${stamp}`);
    const person = await createPatientOf(request, organisation, 'Sam');
    admin = await signedInPage(browser, ROOT_ADMIN);
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.patient}` });
    patient = await context.newPage();
    await patient.goto('/');
    await submitCredentials(patient, person.email);
    await expect(patient.getByRole('heading', { level: 1, name: `Hello, ${person.firstName}` })).toBeVisible();
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await patient?.context().close();
  });

  test('an alert created by the admin, with its preview, is seen by a patient of the organisation', async () => {
    await admin.getByRole('link', { name: 'Message alerts' }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts' })).toBeVisible();
    await expectNoA11yViolations(admin);

    // From the organisation's page: a new alert for its people.
    await admin.goto(`/organisations/${organisation}`);
    await admin.getByRole('link', { name: 'Send a message alert to its people' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'New message alert' })).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'Organisation' })).toHaveValue(`E2E alerts ${stamp}`);
    await admin.getByRole('combobox', { name: 'Who sees it' }).click();
    await expect(admin.getByRole('option', { name: 'Visitors of the public site' })).toHaveCount(0);
    await admin.getByRole('option', { name: 'Patients' }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(title);
    await admin.getByRole('textbox', { name: 'Message' }).fill('Sessions move online this week. Your therapist will send a link.');
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(title)).toBeVisible();
    await expect(preview.getByText('Sessions move online this week.', { exact: false })).toBeVisible();
    // An end before the start is refused on the form.
    await admin.getByLabel('Shows from').fill('2030-01-02T10:00');
    await admin.getByLabel('Shows until').fill('2030-01-01T10:00');
    await admin.getByRole('button', { name: 'Create alert' }).click();
    await expect(admin.getByText('The end must be after the start.')).toBeVisible();
    await admin.getByLabel('Shows from').fill('');
    await admin.getByLabel('Shows until').fill('');
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Create alert' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Edit message alert' })).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expectNoA11yViolations(admin);

    await admin.getByRole('link', { name: 'Back to the alerts' }).click();
    const row = admin.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Showing now');
    await expect(row).toContainText(`Patients · E2E alerts ${stamp}`);

    await patient.reload();
    const notices = patient.getByRole('region', { name: 'Notices' });
    await expect(notices.getByText(title)).toBeVisible();
    await expect(notices.getByText('Your therapist will send a link.', { exact: false })).toBeVisible();
  });

  test('edited, the patient sees the new words; deleted, the notice is gone', async () => {
    await admin.getByRole('link', { name: title }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(edited);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    await patient.reload();
    const notices = patient.getByRole('region', { name: 'Notices' });
    await expect(notices.getByText(edited)).toBeVisible();
    await expect(notices.getByText(title, { exact: true })).toHaveCount(0);

    await admin.getByRole('button', { name: 'Delete alert' }).click();
    await expect(admin.getByText('Delete this alert? People will stop seeing it straight away.')).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts' })).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: edited })).toHaveCount(0);

    await patient.reload();
    await expect(patient.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    await expect(patient.getByText(edited)).toHaveCount(0);
  });
});
