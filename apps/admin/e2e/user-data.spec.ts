import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createUser, freshAccount, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';
import { freshTotpCode } from '../../../packages/auth/e2e/totp.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT, DEMO_PASSWORD, DEMO_USERS } from '../../../e2e/support/server.ts';
import { ROOT_ADMIN, signedInPage } from './support.ts';

/** The re-authentication every action asks for: the password, then a fresh code of the account's authenticator. */
async function confirmItsMe(page: Page, email: string, totpSecret: string) {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.locator('input[name="code"]').fill(await freshTotpCode(totpSecret, { account: email }));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

async function findUser(page: Page, query: string) {
  await page.getByRole('textbox', { name: /E-mail address or user ID/ }).fill(query);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'What Tend keeps about this user' }),
  ).toBeVisible();
}

// An administrator who also holds the data-export scope (a fresh account of the demo organisation with its own
// authenticator: the demo data-export account is no administrator, so it cannot open the console).
test.describe('user data', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let page: Page;
  let operator: { email: string; totpSecret: string };

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(180_000);
    const account = await freshAccount(request, {
      firstName: 'Dee',
      scopes: ['org-admin', 'data-export'],
      totp: true,
      tag: 'e2e-user-data',
    });
    operator = { email: account.email, totpSecret: account.totpSecret! };
    page = await (await browser.newContext()).newPage();
    await page.goto('/');
    await expectSignInPage(page);
    await signInAs(page, operator.email, operator.totpSecret);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Dee' })).toBeVisible();
  });
  test.afterAll(() => page.context().close());

  test('the demo administrator, without the data-export scope, is offered no user-data page, nor by its address', async ({
    browser,
  }) => {
    const admin = await signedInPage(browser, ROOT_ADMIN);
    await expect(admin.getByRole('navigation').getByRole('link', { name: 'Dashboards' })).toBeVisible();
    await expect(admin.getByRole('navigation').getByRole('link', { name: 'User data' })).toHaveCount(0);
    await admin.goto('/user-data');
    await expect(admin.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1, name: 'User data' })).toHaveCount(0);
    await admin.context().close();
  });

  test('exports the demo patient’s data: the file holds a moment logged just before', async ({ request }) => {
    const text = `E2E export check ${Date.now()}: slept better after the walk.`;
    const bearer = await signInByApi(request, DEMO_USERS.patient, ['patient']);
    const start = Date.now();
    const logged = await request.post(`${API_ROOT}/moments/add?eventType=journal`, {
      headers: { Authorization: `Bearer ${bearer}` },
      data: { momentId: `e2e-export-${start}`, eventType: 'journal', start, end: start, body: { text } },
    });
    expect(logged.status(), await logged.text()).toBeLessThan(300);

    await page.getByRole('navigation').getByRole('link', { name: 'User data' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User data' })).toBeVisible();
    await expect(page).toHaveTitle('User data – Tend Admin');
    await expectNoA11yViolations(page);

    await findUser(page, DEMO_USERS.patient);
    await expect(page.getByTestId('summary-email')).toHaveText(DEMO_USERS.patient);
    await expect(
      page.getByRole('table', { name: /Rows kept about this user/ }).getByRole('row', { name: /^moments/ }),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: "Export this user's data" }).click();
    await confirmItsMe(page, operator.email, operator.totpSecret);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tend-user-[A-Za-z0-9_-]+\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      tables: { moments: Array<{ id: string; body: { text?: string } }> };
    };
    expect(exported.tables.moments.some((m) => m.body.text === text)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: /^Downloaded tend-user-/ })).toBeVisible();

    const log = page.getByRole('table', { name: "Actions on users' data" });
    await expect(log.getByRole('row').nth(1)).toContainText(operator.email);
    await expect(log.getByRole('row').nth(1)).toContainText(/Exported \(\d+ rows\)/);
  });

  test('erases a test user after the e-mail typed in full: they can no longer sign in', async ({
    browser,
    request,
  }) => {
    const email = `e2e-erase-${Date.now().toString(36)}@example.com`;
    const user = await createUser(request, {
      email,
      firstName: 'Erin',
      lastName: 'Gone',
      scopes: ['patient'],
    });
    await signInByApi(request, email, ['patient']);

    await findUser(page, email);
    await expect(page.getByTestId('summary-email')).toHaveText(email);
    await expect(
      page.getByRole('table', { name: /Rows kept about this user/ }).getByRole('row', { name: /^patients/ }),
    ).toBeVisible();

    const confirm = page.getByRole('textbox', { name: /Type the user's e-mail address to confirm/ });
    await confirm.fill(email.replace('e2e', 'e3e'));
    await page.getByRole('button', { name: 'Erase this user' }).click();
    await expect(page.getByText("This is not the user's e-mail address as shown above.")).toBeVisible();
    await expect(confirm).toHaveValue(email.replace('e2e', 'e3e'));
    await expectNoA11yViolations(page);

    await confirm.fill(email);
    await page.getByRole('button', { name: 'Erase this user' }).click();
    await confirmItsMe(page, operator.email, operator.totpSecret);
    await expect(
      page.getByRole('status').filter({ hasText: `Erased. Tend keeps nothing about ${email} any more` }),
    ).toBeVisible();
    const log = page.getByRole('table', { name: "Actions on users' data" });
    await expect(log.getByRole('row').nth(1)).toContainText(/Erased \(\d+ rows\)/);
    await expect(log.getByRole('row').nth(1)).toContainText('Erased user (reference');
    await expect(log).not.toContainText(user.userId);

    await page.getByRole('textbox', { name: /E-mail address or user ID/ }).fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Nobody found' })).toBeVisible();

    const context = await browser.newContext();
    const signIn = await context.newPage();
    await signIn.goto('/');
    await expectSignInPage(signIn);
    await submitCredentials(signIn, email);
    await expect(signIn.getByRole('alert')).toContainText('The e-mail address or password is not correct.');
    await context.close();
  });
});
