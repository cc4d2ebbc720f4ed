import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import {
  PLATFORM_ADMIN,
  ROOT_ADMIN,
  asAdmin,
  createOrganisation,
  createPatientOf,
  keepMyChangesAndSave,
  saveElsewhereFirst,
  saveIntoConflict,
  signedInPage,
} from './support.ts';

// An organisation's details, app settings and research settings (with inheritance and the 412 view), its
// logo, and adding a patient who already has an account. Each test creates its own organisations.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('organisation settings', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let page: Page;
  /** This file's organisations sit under one of its own, so the top of Tend Health's tree grows by one a run. */
  let home: string;
  const create = (request: APIRequestContext, name: string, parent = home) =>
    createOrganisation(request, name, 20, parent);
  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    home = await createOrganisation(request, `E2E settings ${Date.now()}`);
    // The sign-in specs sign Tend Health's administrator out meanwhile: the pages here are the operator's.
    page = await signedInPage(browser, PLATFORM_ADMIN);
  });
  test.afterAll(async () => page?.context().close());

  test('an app setting inherited from the organisation above is shown as inherited, overridden, then reset', async ({
    request,
  }) => {
    const parent = await create(request, `E2E parent ${Date.now()}`);
    const read = await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${parent}/app-settings/unmerged`);
    const set = await asAdmin(
      request,
      ROOT_ADMIN,
      'PATCH',
      `/organisation/${parent}/app-settings`,
      { journalEnabled: true },
      { ETag: (read.body as { etag: string }).etag },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const id = await create(request, `E2E child ${Date.now()}`, parent);

    await page.goto(`/organisations/${id}?tab=app`);
    const group = page.getByTestId('field-journalEnabled');
    await expect(group.getByText('Inherited', { exact: true })).toBeVisible();
    await expect(group).toContainText('In effect now: On');
    await expectNoA11yViolations(page);

    await group.getByRole('combobox', { name: 'Journal' }).click();
    await page.getByRole('option', { name: 'Off' }).click();
    await expect(group.getByText('Set here')).toBeVisible();
    await page.getByRole('button', { name: 'Save app settings' }).click();
    await expect(page.getByText('App settings saved.')).toBeVisible();
    expect(
      (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/app-settings/unmerged`)).body,
    ).toMatchObject({ journalEnabled: false });
    expect((await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/merged`)).body).toMatchObject({
      appSettings: { journalEnabled: false },
    });

    await page.getByRole('button', { name: 'Reset to inherited: Journal' }).click();
    await expect(group.getByText('Inherited', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save app settings' }).click();
    await expect(page.getByText('App settings saved.')).toBeVisible();
    const own = (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/app-settings/unmerged`))
      .body as { journalEnabled?: unknown };
    expect(own.journalEnabled ?? null).toBeNull();
    expect((await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/merged`)).body).toMatchObject({
      appSettings: { journalEnabled: true },
    });
    await expect(group).toContainText('In effect now: On');
  });

  test('research settings saved while another administrator saved a different field: the 412 view keeps my edit, then both are stored', async ({
    browser,
    request,
  }) => {
    const id = await create(request, `E2E research ${Date.now()}`);
    await page.goto(`/organisations/${id}?tab=research`);
    const retention = page.getByLabel('Keep research data for (days)', { exact: true });
    await expect(retention).toHaveValue('');
    await expectNoA11yViolations(page);
    await retention.fill('400');

    await saveElsewhereFirst(
      browser,
      PLATFORM_ADMIN,
      `/organisations/${id}?tab=research`,
      { label: 'Study reference', value: 'STUDY-7' },
      { button: 'Save research settings', saved: 'Research settings saved.' },
    );

    const conflict = await saveIntoConflict(page, 'Save research settings', [
      [/Study reference/, 'STUDY-7'],
      [/Keep research data/, '400'],
    ]);
    await expect(retention).toHaveValue('400');
    await expectNoA11yViolations(page);
    await keepMyChangesAndSave(page, conflict, 'Research settings saved.');
    await expect(page.getByLabel('Study reference', { exact: true })).toHaveValue('STUDY-7');
    expect(
      (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/research-settings/unmerged`)).body,
    ).toMatchObject({ studyId: 'STUDY-7', dataRetentionDays: 400 });
  });

  test('a logo is checked, uploaded and previewed, and becomes the organisation’s when the details are saved', async ({
    request,
  }) => {
    const name = `E2E logo ${Date.now()}`;
    const id = await create(request, name);
    await page.goto(`/organisations/${id}?tab=details`);
    await expect(page.getByLabel('Name', { exact: false }).first()).toHaveValue(name);
    await expect(page.getByText('No logo')).toBeVisible();
    await expectNoA11yViolations(page);

    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText(/not a PNG, JPEG or SVG image/)).toBeVisible();
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo uploaded: save the details to use it.')).toBeVisible();
    const preview = page.getByRole('img', { name: 'The logo as patients will see it' });
    await expect(preview).toHaveAttribute('src', /\/organisation-images\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Details saved.')).toBeVisible();
    const own = (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/details/unmerged`)).body as {
      logoUrl: string;
    };
    expect(own.logoUrl).toBe(await preview.getAttribute('src'));
    const served = await request.get(own.logoUrl);
    expect(served.headers()['content-type']).toBe('image/png');
  });

  test('an existing patient of another organisation is found by e-mail and added to this one', async ({
    request,
  }) => {
    const stamp = Date.now();
    const from = await create(request, `E2E from ${stamp}`);
    const toName = `E2E to ${stamp}`;
    const to = await create(request, toName);
    const patient = await createPatientOf(request, from, 'Robin');

    await page.goto(`/organisations/${to}?tab=join`);
    const email = page.getByRole('textbox', { name: "Patient's e-mail" });
    await email.fill(`nobody-${stamp}@example.com`);
    await page.getByRole('button', { name: 'Find patient' }).click();
    await expect(
      page.getByText(/None of your organisations has a patient with this e-mail address/),
    ).toBeVisible();
    await email.fill(patient.email);
    await page.getByRole('button', { name: 'Find patient' }).click();
    const match = page.getByTestId('patient-match');
    await expect(match).toContainText('Robin Ellis');
    await expect(match).toContainText(`Now with E2E from ${stamp}`);
    await expectNoA11yViolations(page);
    await match.getByRole('button', { name: `Add to ${toName}` }).click();
    await expect(match.getByText(`Added to ${toName}.`)).toBeVisible();
    const found = await asAdmin(
      request,
      ROOT_ADMIN,
      'GET',
      `/organisation/${to}/patient-lookup?email=${encodeURIComponent(patient.email)}`,
    );
    expect(found.body).toMatchObject({ organisationId: to, memberHere: true });
  });
});
