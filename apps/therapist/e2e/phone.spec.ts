/**
 * The therapist console on a phone: a fresh therapist with a long unbroken name, and on their
 * caseload a patient whose surname and journal title are long words without a space; every page of the
 * navigation at 320, 390, 768 and 1366 px fits the screen and is axe clean, with a clean console; the caseload keeps
 * names whole; the drawer's Sign out works on a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  expectFitsPhone,
  PHONE_HEIGHT,
  sweepNavigation,
  unbroken,
  watchConsole,
} from '../../../e2e/support/phone.ts';
import { expectSignInPage } from '../../../packages/auth/e2e/portal.ts';
import {
  logMoment,
  newPatient,
  newTherapist,
  signInTherapist,
  uniqueName,
  api,
  accessCodeOf,
  type TestPatient,
} from './support.ts';

test.describe('therapist console on a phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let page: Page;
  let problems: { list: string[] };
  let patient: TestPatient;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 390, height: PHONE_HEIGHT } });
    const therapist = await newTherapist(context.request, unbroken('Samantha', 60));
    patient = await newPatient(context.request, 'Robin', uniqueName(unbroken('Caseload', 40)));
    await api(context.request, therapist.token, 'POST', '/therapist/assigned-patients', {
      accessCode: await accessCodeOf(context.request, patient),
    });
    await logMoment(context.request, patient, 'journal', {
      title: unbroken('Journaltitle'),
      text: unbroken('Journaltext'),
    });
    page = await context.newPage();
    problems = await watchConsole(page);
    await signInTherapist(page, therapist);
  });
  test.afterAll(() => page.context().close());

  test('every page of the navigation fits 320, 390, 768 and 1366 px', async () => {
    test.setTimeout(600_000);
    await sweepNavigation(page);
    expect(problems.list).toEqual([]);
  });

  test("the caseload and the patient's record keep a long name whole and on screen", async () => {
    await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
    await page.goto('/caseload');
    const name = page.getByText(patient.lastName).first();
    await expect(name).toBeVisible();
    // A name wraps as a whole word would, never squeezed into a column two letters wide.
    const box = await name.boundingBox();
    expect(box!.width, 'the name keeps a readable width').toBeGreaterThan(120);
    await expectFitsPhone(page, 'the caseload at 390 px');
    await page.goto(`/patients/${patient.userId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(patient.lastName);
    await expectFitsPhone(page, "the patient's record at 390 px");
    expect(problems.list).toEqual([]);
  });

  test('the drawer signs out on a 390 px phone', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expectSignInPage(page);
    expect(problems.list).toEqual([]);
  });
});
