import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import {
  NORTH_ADMIN,
  NORTH_ORGANISATION,
  ROOT_ADMIN,
  ROOT_ORGANISATION,
  asAdmin,
  createOrganisation,
  keepMyChangesAndSave,
  saveElsewhereFirst,
  saveIntoConflict,
  signedInPage,
} from './support.ts';

// The organisations of the demo data: Tend Health, with Tend Health North below it. Specs that change an
// organisation create their own under Tend Health.
test.describe('organisations', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await signedInPage(browser, ROOT_ADMIN);
  });
  test.afterAll(async () => page?.context().close());

  test('the list shows the top of the tree; an organisation page shows its state and the organisations below it; search finds one', async () => {
    await page.getByRole('link', { name: 'Organisations' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
    await expect(page).toHaveTitle('Organisations – Tend Admin');
    const list = page.getByRole('region', { name: 'Your organisations' });
    await expect(list.getByRole('link', { name: /^Tend Health\b/ })).toBeVisible();
    // Tend Health North sits below Tend Health: not at the top.
    await expect(list.getByRole('link', { name: /Tend Health North/ })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await list.getByRole('link', { name: /^Tend Health\b/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tend Health' })).toBeVisible();
    await expect(page.getByText('Enabled: patients can join and use Tend')).toBeVisible();
    await expect(page.getByText(/^Valid until /)).toBeVisible();
    await expect(page.getByText(/^\d+ of 500 used$/)).toBeVisible();
    const children = page.getByRole('region', { name: 'Organisations below Tend Health' });
    await expect(children.getByRole('link', { name: /Tend Health North/ })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/organisations');
    await page.getByRole('searchbox', { name: 'Find an organisation' }).fill('North');
    const results = page.getByRole('region', { name: 'Organisations matching “North”' });
    await results.getByRole('link', { name: /Tend Health North/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tend Health North' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/organisations/${NORTH_ORGANISATION}$`));
  });

  test('the roles of an organisation, read-only with what each means', async () => {
    await page.goto(`/organisations/${NORTH_ORGANISATION}?tab=roles`);
    const table = page.getByRole('table', { name: 'People with a role in Tend Health North' });
    const north = table.getByRole('row').filter({ hasText: 'admin-north@example.com' });
    await expect(north).toContainText('Administrator');
    await expect(north).toContainText('In this organisation');
    const root = table.getByRole('row').filter({ hasText: 'admin@example.com' });
    await expect(root).toContainText('Through the organisation above: Tend Health');
    await expect(page.getByText(/Runs the organisation and those below it/)).toBeVisible();
    await expect(page.getByText('You are signed in with: Administrator.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a subscription value inherited from the parent is shown as inherited, overridden, then reset', async ({
    request,
  }) => {
    const id = await createOrganisation(request, `E2E inherit ${Date.now()}`);
    await page.goto(`/organisations/${id}?tab=subscription`);
    const endsAt = page.getByLabel('Ends on', { exact: true });
    await expect(endsAt).toHaveValue('');
    const group = page.getByTestId('field-endsAt');
    await expect(group.getByText('Inherited', { exact: true })).toBeVisible();
    await expect(group.getByText(/In effect now:/)).toBeVisible();
    await expectNoA11yViolations(page);

    await endsAt.fill('2031-06-30');
    await expect(group.getByText('Set here')).toBeVisible();
    await page.getByRole('button', { name: 'Save subscription' }).click();
    await expect(page.getByText('Subscription saved.')).toBeVisible();
    expect(
      (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/subscription/unmerged`)).body,
    ).toMatchObject({ endsAt: '2031-06-30' });

    await page.getByRole('button', { name: 'Reset to inherited: Ends on' }).click();
    await expect(endsAt).toHaveValue('');
    await expect(group.getByText('Inherited', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save subscription' }).click();
    await expect(page.getByText('Subscription saved.')).toBeVisible();
    const own = (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/subscription/unmerged`))
      .body as { endsAt: unknown };
    expect(own.endsAt ?? null).toBeNull();
    const merged = (
      await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${ROOT_ORGANISATION}/subscription`)
    ).body as { endsAt: string };
    expect(
      (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/subscription`)).body,
    ).toMatchObject({ endsAt: merged.endsAt });
  });

  test('a subscription saved while another administrator saved a different field: the 412 view, then both changes stored', async ({
    browser,
    request,
  }) => {
    const id = await createOrganisation(request, `E2E conflict ${Date.now()}`);
    await page.goto(`/organisations/${id}?tab=subscription`);
    await expect(page.getByLabel('Seats', { exact: true })).toHaveValue('');
    // Here, the places are changed on the version read now…
    await page.getByLabel('Places (sign-ups allowed)', { exact: true }).fill('35');

    // …while another administrator, in another browser, saves the seats first.
    await saveElsewhereFirst(
      browser,
      ROOT_ADMIN,
      `/organisations/${id}?tab=subscription`,
      { label: 'Seats', value: '7' },
      { button: 'Save subscription', saved: 'Subscription saved.' },
    );

    // Saving here is refused (412): the version read is no longer the stored one.
    const conflict = await saveIntoConflict(page, 'Save subscription', [
      [/Seats/, '7'],
      [/Places/, '35'],
    ]);
    await expect(page.getByLabel('Places (sign-ups allowed)', { exact: true })).toHaveValue('35');
    await expectNoA11yViolations(page);
    await keepMyChangesAndSave(page, conflict, 'Subscription saved.');
    await expect(page.getByLabel('Seats', { exact: true })).toHaveValue('7');
    expect(
      (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/subscription/unmerged`)).body,
    ).toMatchObject({ seats: 7, maxRedemptions: 35 });
  });

  test('an administrator of Tend Health North cannot open a Tend Health page: the page says so, the server refuses', async ({
    browser,
    request,
  }) => {
    const north = await signedInPage(browser, NORTH_ADMIN);
    await north.goto(`/organisations/${ROOT_ORGANISATION}`);
    await expect(north.getByRole('alert')).toContainText('You cannot open this organisation');
    await expect(north.getByRole('heading', { level: 1, name: 'Tend Health' })).toHaveCount(0);
    await expectNoA11yViolations(north);
    // Their own organisation opens.
    await north.getByRole('link', { name: 'Back to your organisations' }).click();
    await north
      .getByRole('region', { name: 'Your organisations' })
      .getByRole('link', { name: /Tend Health North/ })
      .click();
    await expect(north.getByRole('heading', { level: 1, name: 'Tend Health North' })).toBeVisible();
    await north.context().close();
    expect(
      (await asAdmin(request, NORTH_ADMIN, 'GET', `/organisation/${ROOT_ORGANISATION}/merged`)).status,
    ).toBe(404);
    expect(
      (await asAdmin(request, NORTH_ADMIN, 'GET', `/organisation/${NORTH_ORGANISATION}/merged`)).status,
    ).toBe(200);
  });
});
