import { expect, test, type Page } from '@playwright/test';
import { APP_PORTS } from '@tend/config/ports';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { ROOT_ADMIN, ROOT_ORGANISATION, asAdmin, signedInPage } from './support.ts';

const PUBLIC_SITE = `http://localhost:${APP_PORTS.public}`;

// One organisation made here, under Tend Health, then disabled, enabled and given a new access code.
test.describe('an organisation’s life', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let page: Page;
  const stamp = Date.now();
  const name = `E2E Clinic ${stamp}`;
  const adminEmail = `first-admin-${stamp}@example.com`;
  let id = '';
  test.beforeAll(async ({ browser }) => {
    page = await signedInPage(browser, ROOT_ADMIN);
  });
  test.afterAll(async () => page?.context().close());

  test('is created under Tend Health with its first administrator', async ({ request }) => {
    await page.goto(`/organisations/${ROOT_ORGANISATION}`);
    await page.getByRole('link', { name: 'Add an organisation below this one' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New organisation' })).toBeVisible();
    await expect(page.getByText(/It will sit below\s+Tend Health/)).toBeVisible();
    await page.getByRole('button', { name: 'Create the organisation' }).click();
    await expect(page.getByText('Say how many patients may join.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('textbox', { name: 'Organisation name' }).fill(name);
    await page.getByRole('textbox', { name: 'Places (sign-ups allowed)' }).fill('25');
    await page.getByRole('textbox', { name: 'Their e-mail address' }).fill(adminEmail);
    await page.getByRole('textbox', { name: 'Their first name' }).fill('Jordan');
    await page.getByRole('textbox', { name: 'Their last name' }).fill('Ellis');
    await page.getByRole('button', { name: 'Create the organisation' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    await expect(page.getByText('0 of 25 used')).toBeVisible();
    const roles = (await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/roles`)).body as {
      items: Array<{ email: string; scopes: string[]; via: string }>;
    };
    expect(roles.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: adminEmail, scopes: ['org-admin'], via: id }),
      ]),
    );
  });

  test('is disabled after a confirmation that says what patients will see, then enabled with places', async () => {
    await page.getByRole('button', { name: 'Disable this organisation' }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${name}?` });
    await expect(dialog).toContainText('Nobody can join with its access code');
    await expect(dialog).toContainText(
      "Its patients see that their organisation's subscription is not active",
    );
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Disable it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Disabled: patients cannot join or sign in')).toBeVisible();

    await page.getByRole('textbox', { name: 'Places (sign-ups allowed)' }).fill('30');
    await page.getByRole('button', { name: 'Enable this organisation' }).click();
    await expect(page.getByText('Enabled: patients can join and use Tend')).toBeVisible();
    await expect(page.getByText('0 of 30 used')).toBeVisible();
  });

  test('gets a new access code; the old one is refused at the public sign-up, the new one accepted', async ({
    browser,
  }) => {
    await page.getByRole('tab', { name: 'Who can join' }).click();
    const shown = page.getByTestId('access-code');
    const oldCode = (await shown.textContent())!.trim();
    expect(oldCode.length).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Replace the access code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the access code?' });
    await expect(dialog).toContainText('The current code stops working at once');
    await dialog.getByRole('button', { name: 'Replace it' }).click();
    await expect(page.getByText('The old one no longer works')).toBeVisible();
    await expect(shown).not.toHaveText(oldCode);
    const newCode = (await shown.textContent())!.trim();
    await expectNoA11yViolations(page);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${PUBLIC_SITE}/signup`);
    await visitor.getByRole('textbox', { name: /^Access code/ }).fill(oldCode);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByText(/don't recognise this access code/)).toBeVisible();
    await visitor.getByRole('textbox', { name: /^Access code/ }).fill(newCode);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByText(`This access code belongs to ${name}.`)).toBeVisible();
    await visitor.context().close();
  });

  test('admits an e-mail domain of its own, and tests an address', async () => {
    const domain = `e2e-${stamp}.example`;
    const domains = page.getByRole('combobox', { name: 'Domains' });
    await domains.fill(domain);
    await domains.press('Enter');
    await page.getByRole('button', { name: 'Save the domains' }).click();
    await expect(page.getByText('Domains saved.')).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(`sam@${domain}`);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(
      page.getByText(`sam@${domain} can join without a code. It would join: ${name}`),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(`sam@nowhere-${stamp}.example`);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText(/No organisation admits sam@nowhere-/)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
