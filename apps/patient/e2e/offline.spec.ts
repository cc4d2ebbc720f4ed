import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { keptSession } from '../../../packages/auth/e2e/accounts.ts';
import { serverMoments, signedInPatientTest, type Patient } from './support.ts';

const test = signedInPatientTest('offline', 'Sasha', {
  // The service worker has installed (the shell, every chunk and the translations are precached).
  signedIn: async (page) => {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
  },
});

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Offline: once visited, the app opens without a connection (service worker) and the crisis panel works; a
// check-up saved offline waits in IndexedDB across a reload and reaches the server exactly once.
test.describe('patient app: offline', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  test('reloaded with the network off, the app still opens and shows the crisis panel', async ({
    page,
    context,
  }) => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Timeline' })).toBeVisible();
    await expectCrisisLinks(page, { button: 'Get help now', call: 'Call 999', text: 'Text SHOUT to 85258' });
    await context.setOffline(false);
  });

  test('a check-up saved offline survives a reload and is stored once when the connection returns', async ({
    page,
    context,
    patient,
    request,
  }) => {
    await context.setOffline(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Check-up' }).click();
    await page.getByRole('radiogroup', { name: 'Mood' }).getByLabel('Okay', { exact: true }).check();
    await page.getByLabel('Note').fill('Written on the train.');
    await page.getByRole('button', { name: 'Save check-up' }).click();
    await expect(
      page.getByText('Saved on this device. It will be sent when you are back online.'),
    ).toBeVisible();
    await expect(page.getByText('Offline: 1 entry waiting to sync')).toBeVisible();

    await page.reload();
    // Started with no connection, the app first restores the session from this device and reads the outbox:
    // on a loaded 2-core machine that took longer than the default 10 s (a CI run).
    await expect(page.getByText('Offline: 1 entry waiting to sync')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
    await expect(
      page.getByRole('region', { name: 'Waiting to sync' }).getByText('Daily check-up'),
    ).toBeVisible();
    expect(await serverMoments(request, patient, ['checkup'])).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await serverMoments(request, patient, ['checkup'])).length).toBe(1);
    // Asked again (a retry, another reload): still one copy.
    await page.reload();
    await expect(page.getByRole('navigation')).toBeVisible();
    const stored = await serverMoments(request, patient, ['checkup']);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toMatchObject({ mood: 3, note: 'Written on the train.' });
  });

  test('in Spanish, reloaded with the network off, the crisis panel is in Spanish (its words are precached too)', async ({
    page,
    context,
    patient,
    request,
  }) => {
    // The header's picker switches the interface and keeps the choice in the account.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(
      page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Cronología' }),
    ).toBeVisible();
    await expect.poll(async () => await accountLanguage(request, patient), POLL_SIGNED_IN).toBe('es');

    await context.setOffline(true);
    await page.reload();
    await expect(
      page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Cronología' }),
    ).toBeVisible();
    await expectCrisisLinks(page, {
      button: 'Obtener ayuda ahora',
      call: 'Llamar al 999',
      text: 'Enviar SHOUT al 85258',
    });
    await context.setOffline(false);

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Timeline' }),
    ).toBeVisible();
    await expect.poll(async () => await accountLanguage(request, patient), POLL_SIGNED_IN).toBe('en');
  });
});

/**
 * Opens the crisis panel from the header (its button and the panel share the words `button`), sees its
 * emergency call (to 999) and text links in the page's language, and closes it with Escape.
 */
async function expectCrisisLinks(page: Page, words: { button: string; call: string; text: string }) {
  await page.getByRole('button', { name: words.button }).click();
  const dialog = page.getByRole('dialog', { name: words.button });
  await expect(dialog.getByRole('link', { name: words.call })).toHaveAttribute('href', 'tel:999');
  await expect(dialog.getByRole('link', { name: words.text })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The first poll signs in through the Auth emulator and the API: on a loaded machine that alone took 5 s. */
const POLL_SIGNED_IN = { timeout: 30_000 };

/** The account's saved language, as the server has it. */
async function accountLanguage(request: APIRequestContext, patient: Patient): Promise<string> {
  const bearer = await keptSession(request, patient.email, ['patient']);
  const summary = await request.get(`${API_ROOT}/iams/account-details/summary`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  return ((await summary.json()) as { language: string }).language;
}
