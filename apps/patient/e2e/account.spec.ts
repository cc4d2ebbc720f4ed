import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT, DEMO_PASSWORD } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { signedInPatientTest } from './support.ts';

/** The re-authentication dialog, answered with the password. */
async function confirmPassword(page: Page) {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** The account page's language: chosen in its list, then saved. */
async function chooseLanguage(page: Page, label: string, language: string, save: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: language }).click();
  await page.getByRole('button', { name: save }).click();
}

const test = signedInPatientTest('account', 'Robin', { context: { acceptDownloads: true } });

// The patient's account (screen name, language), their data downloaded as a ZIP holding what they logged,
// and the account deleted after the password: it can no longer sign in. A fresh patient of its own.
test.describe('patient app: account and my data', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('changes the screen name and the language (the page changes language at once)', async ({
    page,
    patient,
    request,
    browser,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your patient record' }).getByText('Robin Ellis'),
    ).toBeVisible();
    await expect(page.getByText(/Notifications are (on|off)\./)).toBeVisible();
    await expectNoA11yViolations(page);

    const screenName = page.getByRole('textbox', { name: /^Screen name/ });
    await screenName.fill('');
    await page.getByRole('button', { name: 'Save screen name' }).click();
    await expect(page.getByText('Please fill this in.')).toBeVisible();
    await screenName.fill('Robin the brave');
    await page.getByRole('button', { name: 'Save screen name' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your screen name is saved.' })).toBeVisible();

    // Español: the page changes language as soon as it is saved, without a reload (packages' words too).
    await chooseLanguage(page, 'Language of Tend', 'Español', 'Save language');
    await expect(page.getByRole('heading', { level: 1, name: 'Su cuenta' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Su idioma está guardado.' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Mi plan de seguridad' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Seguridad', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Obtener ayuda ahora' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoA11yViolations(page);

    const bearer = await signInByApi(request, patient.email, ['patient']);
    const summary = await request.get(`${API_ROOT}/iams/account-details/summary`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(await summary.json()).toMatchObject({ screenName: 'Robin the brave', language: 'es' });

    // Still Spanish after a reload; the PHQ-9 in its published Spanish wording.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Su cuenta' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Nombre visible/ })).toHaveValue('Robin the brave');
    await nav.getByRole('link', { name: 'Ánimo y ansiedad' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ánimo y ansiedad' })).toBeVisible();
    await page.getByRole('link', { name: 'Hacer el PHQ-9' }).click();
    await expect(
      page.getByText(
        'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
      ),
    ).toBeVisible();
    const item1 = page.getByRole('radiogroup', { name: 'Poco interés o placer en hacer cosas' });
    await expect(item1).toBeVisible();
    await expect(item1.getByRole('radio', { name: 'Ningún día (0)' })).toBeVisible();
    await expectNoA11yViolations(page);

    // Another device (no remembered language): the account's language applies once signed in.
    const other = await (await browser.newContext()).newPage();
    try {
      await other.goto('/');
      await submitCredentials(other, patient.email);
      await expect(
        other.getByRole('heading', { level: 1, name: `Hola, ${patient.firstName}` }),
      ).toBeVisible();
      await expect(
        other.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Cuenta' }),
      ).toBeVisible();
    } finally {
      await other.context().close();
    }

    // And back to English.
    await nav.getByRole('link', { name: 'Cuenta' }).click();
    await chooseLanguage(page, 'Idioma de Tend', 'English', 'Guardar el idioma');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My safety plan' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Screen name/ })).toHaveValue('Robin the brave');
  });

  test('downloads a ZIP of their data after the password, holding a moment logged in this test', async ({
    page,
    patient,
  }) => {
    const text = `Walked to the allotment ${Date.now()}`;
    await page.getByRole('navigation').getByRole('link', { name: 'Journal' }).click();
    await page.getByRole('link', { name: 'New journal entry' }).click();
    await page.getByLabel('Your entry').fill(text);
    await page.getByRole('button', { name: 'Save entry' }).click();
    // Exact: the new-entry page's own heading, "New journal entry", contains the words.
    await expect(page.getByRole('heading', { level: 1, name: 'Journal entry', exact: true })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'My data' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    await expectNoA11yViolations(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await confirmPassword(page);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tend-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(
      page.getByRole('status').filter({ hasText: /Your file tend-my-data-.*\.zip is downloaded/ }),
    ).toBeVisible();

    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'moments.json', 'moments.csv']),
    );
    expect(strFromU8(files['moments.csv']!)).toContain(text);
    expect(JSON.parse(strFromU8(files['account.json']!)).users[0]).toMatchObject({
      id: patient.userId,
      email: patient.email,
    });
  });

  test('deletes the account after the typed word and the password; it can no longer sign in', async ({
    page,
    patient,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    const deletion = page.getByRole('region', { name: 'Delete your account' });
    await expect(deletion.getByText('this cannot be undone.', { exact: false })).toBeVisible();
    const button = deletion.getByRole('button', { name: 'Delete my account' });
    await expect(button).toBeDisabled();
    await deletion.getByRole('textbox', { name: /Type delete to confirm/ }).fill('delete');
    await button.click();
    await confirmPassword(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await submitCredentials(page, patient.email);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/authentication\/login/);
  });
});
