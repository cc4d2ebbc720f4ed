import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import {
  PLATFORM_ADMIN,
  ROOT_ADMIN,
  asAdmin,
  createOrganisation,
  signedInPage,
} from '../../admin/e2e/support.ts';
import { newPatient, patchOrganisationSettings, signInPatient, type Patient } from './support.ts';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// An organisation's app settings reach its patients: an administrator, in the admin console's organisation
// page, switches the journal and chat off and gives the organisation its own crisis line; its signed-in
// patient's open app loses Journal and Chat within a minute (no reload), the journal's address says the
// organisation does not offer it, the server refuses a journal entry with that reason, and "Get help now" shows
// the organisation's line, also with the network off. Switching back restores them. A fresh organisation and
// patient: nothing here touches the demo accounts. The console is the operator's (no other spec signs it out).
const LINE = { name: 'Tend Test crisis team', phone: '0800 555 0199', url: 'https://example.org/crisis' };

const setAppSettings = (request: APIRequestContext, organisation: string, patch: object) =>
  patchOrganisationSettings(request, organisation, 'app-settings', patch);

test.describe('patient app: what the organisation offers', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;
  let admin: Page;
  let patient: Patient;
  let organisation: string;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(150_000);
    organisation = await createOrganisation(request, `E2E offered ${Date.now()}`);
    patient = await newPatient(request, 'offered', 'Noor', { organisationId: organisation });
    context = await browser.newContext();
    page = await context.newPage();
    // The patient's app and the administrator's console sign in side by side.
    [admin] = await Promise.all([
      signedInPage(browser, PLATFORM_ADMIN, { baseURL: `http://localhost:${APP_PORTS.admin}` }),
      (async () => {
        await signInPatient(page, patient);
        // The service worker has installed (the shell and chunks precached) for the offline step.
        await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      })(),
    ]);
  });
  test.afterAll(async () => {
    await context.close();
    await admin?.context().close();
  });

  const nav = () => page.getByRole('navigation', { name: 'Main navigation' });

  test('switched off by the administrator, Journal and Chat leave the open app and the server refuses the journal', async ({
    request,
  }) => {
    await expect(nav().getByRole('link', { name: 'Journal' })).toBeVisible();
    await expect(nav().getByRole('link', { name: /^Chat/ })).toBeVisible();

    // The administrator switches journal and chat off and adds the organisation's crisis line.
    await admin.goto(`/organisations/${organisation}?tab=app`);
    for (const [field, label] of [
      ['journalEnabled', 'Journal'],
      ['chatEnabled', 'Chat with a therapist'],
    ] as const) {
      const group = admin.getByTestId(`field-${field}`);
      await group.getByRole('combobox', { name: label }).click();
      await admin.getByRole('option', { name: 'Off' }).click();
      await expect(group.getByText('Set here')).toBeVisible();
    }
    const lines = admin.getByTestId('field-crisisLines');
    await lines.getByRole('button', { name: 'Add a crisis line' }).click();
    await lines.getByRole('textbox', { name: /^Name of line 1/ }).fill(LINE.name);
    await lines.getByRole('textbox', { name: /^Phone of line 1/ }).fill(LINE.phone);
    await lines.getByRole('textbox', { name: /^Website of line 1/ }).fill(LINE.url);
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Save app settings' }).click();
    await expect(admin.getByText('App settings saved.')).toBeVisible();
    const own = await asAdmin(
      request,
      ROOT_ADMIN,
      'GET',
      `/organisation/${organisation}/app-settings/unmerged`,
    );
    expect(own.body).toMatchObject({ journalEnabled: false, chatEnabled: false, crisisLines: [LINE] });
    // The open app asks again within a minute, without a reload.
    await expect(nav().getByRole('link', { name: 'Journal' })).toHaveCount(0, { timeout: 70_000 });
    await expect(nav().getByRole('link', { name: /^Chat/ })).toHaveCount(0);
    await expect(nav().getByRole('link', { name: 'Check-up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Write in your journal' })).toHaveCount(0);

    await page.goto('/journal/new');
    await expect(page.getByText('Your organisation does not offer this')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoA11yViolations(page);

    const bearer = await signInByApi(request, patient.email, ['patient']);
    const start = Date.now();
    const refused = await request.post(`${API_ROOT}/moments/addJournal?eventType=journal`, {
      headers: { Authorization: `Bearer ${bearer}` },
      data: {
        momentId: `e2e-offered-${start}`,
        eventType: 'journal',
        start,
        end: start + 1000,
        body: { text: 'Hello' },
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'feature_not_offered',
      message: 'The journal is not offered by your organisation.',
      details: { feature: 'journal' },
    });
  });

  test('the crisis panel shows the organisation’s line, also with the network off', async () => {
    await page.getByRole('button', { name: 'Get help now' }).click();
    let dialog = page.getByRole('dialog', { name: 'Get help now' });
    await expect(dialog.getByRole('heading', { name: LINE.name })).toBeVisible();
    await expect(dialog.getByRole('link', { name: `Call ${LINE.phone}` })).toHaveAttribute(
      'href',
      'tel:08005550199',
    );
    await expect(dialog.getByRole('link', { name: 'Call 999' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await page.reload();
    await expect(nav().getByRole('link', { name: 'Timeline' })).toBeVisible();
    await expect(nav().getByRole('link', { name: 'Journal' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Get help now' }).click();
    dialog = page.getByRole('dialog', { name: 'Get help now' });
    await expect(dialog.getByRole('link', { name: `Call ${LINE.phone}` })).toHaveAttribute(
      'href',
      'tel:08005550199',
    );
    await page.keyboard.press('Escape');
    await context.setOffline(false);
  });

  test('with chat back on, an urgent request waits with the organisation’s line beside it', async ({
    request,
  }) => {
    await setAppSettings(request, organisation, { chatEnabled: null });
    const token = await signInByApi(request, patient.email, ['patient']);
    const asked = await request.post(`${API_ROOT}/patient/chat/request-emergency-chat`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { message: 'I need to talk to someone.' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await page.goto('/chat');
    const lines = page.getByTestId('waiting-crisis-lines');
    await expect(lines.getByRole('heading', { name: LINE.name })).toBeVisible({ timeout: 30_000 });
    await expect(lines.getByRole('link', { name: `Call ${LINE.phone}` })).toHaveAttribute(
      'href',
      'tel:08005550199',
    );
    await expect(lines.getByRole('link', { name: 'Call 999' })).toHaveCount(0);
    await expect(
      page.getByText(`If you are in danger now, call ${LINE.name} on ${LINE.phone}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/call 999/)).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('switched back on, Journal, Chat and the built-in crisis lines return', async ({ request }) => {
    await setAppSettings(request, organisation, {
      journalEnabled: null,
      chatEnabled: null,
      crisisLines: null,
    });
    // The app opened again asks at once (the open app's minute is the first test's).
    await page.goto('/');
    await expect(nav().getByRole('link', { name: 'Journal' })).toBeVisible({ timeout: 70_000 });
    await expect(nav().getByRole('link', { name: /^Chat/ })).toBeVisible();
    await page.getByRole('button', { name: 'Get help now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get help now' });
    await expect(dialog.getByRole('link', { name: 'Call 999' })).toHaveAttribute('href', 'tel:999');
    await expect(dialog.getByRole('heading', { name: LINE.name })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/journal/new');
    await expect(page.getByText('Your organisation does not offer this')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
