/**
 * The patient app on a phone: a fresh patient whose name, journal title, journal text and check-up
 * note are long words without a space; every page of the navigation at 320, 390, 768 and 1366 px fits the
 * screen, is axe clean and, on a phone, keeps Get help now inside it; the crisis panel opens without a console error or CSP violation;
 * language, colours and Sign out are reachable from the drawer; Sign out works on a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import {
  expectFitsPhone,
  expectInViewport,
  PHONE_HEIGHT,
  PHONE_WIDTHS,
  offScreen,
  resizeTo,
  sweepNavigation,
  unbroken,
  watchConsole,
} from '../../../e2e/support/phone.ts';
import { freshAccount, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { openAndCloseCrisisPanel } from './support.ts';

const FIRST_NAME = unbroken('Morgan', 60);
const TITLE = unbroken('Journaltitle');
const LINK = `https://example.org/${unbroken('averylongaddress')}`;
const NOTE = unbroken('Checkupnote');

test.describe('patient app on a phone', () => {
  // Not serial: each test stands alone on the signed-in page (a failed sweep does not skip the crisis panel or
  // Sign out; the next worker signs in a fresh patient).
  test.describe.configure({ timeout: 300_000 });
  let page: Page;
  let problems: { list: string[] };

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    const patient = await freshAccount(request, {
      firstName: FIRST_NAME,
      scopes: ['patient'],
      totp: false,
      tag: 'phone',
    });
    const bearer = await signInByApi(request, patient.email, ['patient']);
    const now = Date.now();
    for (const [eventType, body, start] of [
      ['journal', { title: TITLE, text: `${LINK}\n${unbroken('Journaltext')}` }, now - 3_600_000],
      ['checkup', { mood: 3, note: NOTE }, now - 7_200_000],
    ] as const) {
      const response = await request.post(`${API_ROOT}/moments/add?eventType=${eventType}`, {
        headers: { Authorization: `Bearer ${bearer}` },
        data: { momentId: `phone-${eventType}-${now}`, eventType, start, end: start, body },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
    }
    const context = await browser.newContext({ viewport: { width: 390, height: PHONE_HEIGHT } });
    page = await context.newPage();
    problems = await watchConsole(page);
    await page.goto('/');
    await submitCredentials(page, patient.email);
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${FIRST_NAME}` })).toBeVisible();
  });
  test.afterAll(() => page.context().close());

  test('every page of the navigation fits 320, 390, 768 and 1366 px, with Get help now on a phone screen', async () => {
    test.setTimeout(600_000);
    await sweepNavigation(page, async () => {
      await expectInViewport(page, 'Get help now');
    });
    // The long words are on the pages that show them, wrapped.
    await page.goto('/journal');
    await expect(page.getByText(TITLE).first()).toBeVisible();
    await expectFitsPhone(page, `the journal with a long title at ${PHONE_WIDTHS[0]} px`);
    for (const width of PHONE_WIDTHS.slice(1)) {
      await resizeTo(page, width);
      expect(await offScreen(page), `the journal with a long title at ${width} px`).toEqual([]);
    }
    expect(problems.list).toEqual([]);
  });

  test('the crisis panel opens on a phone without a console error or CSP violation', async () => {
    await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await page.goto('/journal');
    await openAndCloseCrisisPanel(page, page.getByRole('button', { name: 'Get help now' }), () =>
      expectFitsPhone(page, 'the crisis panel at 320 px'),
    );
    expect(problems.list).toEqual([]);
  });

  test('the drawer holds the language, the colours and Sign out; the account menu signs out at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /Use (dark|light) colours/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectSignInPage(page);
    expect(problems.list).toEqual([]);
  });
});
