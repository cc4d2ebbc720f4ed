/**
 * An organisation's appointment settings, a setting that takes effect: a fresh organisation with a therapist
 * (weekly hours) and a patient in their care; the administrator sees the defaults, is told in words what a
 * slot length must be, sets 30 minutes, and the free slots the server gives the patient are 30 minutes long
 * (they were 50). A child organisation inherits them: its patient's free slots follow the parent's 30
 * minutes, and its tab says the value is inherited from the parent, by name. axe clean, and the form fits
 * 320 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, PHONE_HEIGHT } from '../../../e2e/support/phone.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { createUser, enrolTotpByApi, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { PLATFORM_ADMIN, createOrganisation, signedInPage } from './support.ts';

interface Slot {
  start: string;
  end: string;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`${API_ROOT}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.describe('appointment settings', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let page: Page;
  let organisation: string;
  let organisationName: string;
  let patientToken: string;
  const lengths = async (request: APIRequestContext, token = patientToken) => {
    const { slots } = await call<{ slots: Slot[] }>(request, token, 'GET', '/appointments/slots');
    return [...new Set(slots.map((s) => (Date.parse(s.end) - Date.parse(s.start)) / 60_000))];
  };

  /** A therapist with weekly hours (09:00–12:00 in Berlin, every day) and a patient in their care, in `org`. */
  async function careIn(request: APIRequestContext, org: string, stamp: string) {
    const therapistEmail = `appt-therapist-${stamp}@example.com`;
    const patientEmail = `appt-patient-${stamp}@example.com`;
    await createUser(request, {
      email: therapistEmail,
      firstName: 'Rowan',
      lastName: 'Hale',
      scopes: ['therapist'],
      organisationId: org,
    });
    await createUser(request, {
      email: patientEmail,
      firstName: 'Quinn',
      lastName: 'Ellis',
      scopes: ['patient'],
      organisationId: org,
    });
    const { token: therapistToken } = await enrolTotpByApi(request, therapistEmail, ['therapist']);
    const token = await signInByApi(request, patientEmail, ['patient']);
    await call(request, therapistToken, 'POST', '/therapist/timezone', { timezone: 'Europe/Berlin' });
    for (let day = 1; day <= 7; day += 1) {
      await call(request, therapistToken, 'POST', '/therapist/availability', {
        dayOfWeek: day,
        start: '09:00',
        end: '12:00',
      });
    }
    const { code } = await call<{ code: string }>(request, token, 'GET', '/patient/get-access-code');
    await call(request, therapistToken, 'POST', '/therapist/assigned-patients', { accessCode: code });
    return token;
  }

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(180_000);
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    organisationName = `E2E appointments ${stamp}`;
    organisation = await createOrganisation(request, organisationName);
    patientToken = await careIn(request, organisation, stamp);
    page = await signedInPage(browser, PLATFORM_ADMIN);
  });
  test.afterAll(async () => page?.context().close());

  test('the administrator sets the slot length, and the free slots follow it', async ({ request }) => {
    expect(await lengths(request)).toEqual([50]);
    await page.goto(`/organisations/${organisation}?tab=appointments`);
    const length = page.getByRole('textbox', { name: 'Session length (minutes)' });
    await expect(length).toHaveValue('50');
    await expect(page.getByRole('checkbox', { name: 'Video' })).toBeVisible();
    await expectNoA11yViolations(page);

    await length.fill('52');
    await page.getByRole('button', { name: 'Save appointment settings' }).click();
    await expect(
      page.getByText('Enter a session length from 15 to 240 minutes, in steps of 5 (for example 50).'),
    ).toBeVisible();
    await length.fill('30');
    await page.getByRole('button', { name: 'Save appointment settings' }).click();
    await expect(page.getByText('Appointment settings saved.')).toBeVisible();
    await expect.poll(() => lengths(request)).toEqual([30]);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Session length (minutes)' })).toHaveValue('30');
    await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await expectFitsPhone(page, 'appointment settings at 320 px');
    await expectNoA11yViolations(page);
  });

  test('a child organisation inherits the slot length: its free slots follow the parent’s', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}c`;
    const child = await createOrganisation(request, `E2E appointments child ${stamp}`, 20, organisation);
    const childPatient = await careIn(request, child, stamp);
    // The parent set 30 minutes above; the child sets nothing.
    await expect.poll(() => lengths(request, childPatient)).toEqual([30]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/organisations/${child}?tab=appointments`);
    const length = page.getByRole('textbox', { name: 'Session length (minutes)' });
    await expect(length).toHaveValue('30');
    const source = page.getByTestId('source-slotMinutes');
    await expect(source).toContainText('Inherited');
    await expect(source).toContainText(`from ${organisationName}`);
    await expect(page.getByTestId('source-noticeHours')).toContainText('Default');
    await expectNoA11yViolations(page);

    // Set here, the child's own value wins; reset, it follows the parent again.
    await length.fill('45');
    await page.getByRole('button', { name: 'Save appointment settings' }).click();
    await expect(page.getByText('Appointment settings saved.')).toBeVisible();
    await expect(source).toContainText('Set here');
    await expect.poll(() => lengths(request, childPatient)).toEqual([45]);
    expect(await lengths(request)).toEqual([30]);
    await page.getByRole('button', { name: 'Reset to inherited: Session length (minutes)' }).click();
    await expect(source).toContainText('Inherited once you save');
    await page.getByRole('button', { name: 'Save appointment settings' }).click();
    await expect(source).toContainText(`from ${organisationName}`);
    await expect(length).toHaveValue('30');
    await expect.poll(() => lengths(request, childPatient)).toEqual([30]);
    await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await expectFitsPhone(page, 'inherited appointment settings at 320 px');
    await expectNoA11yViolations(page);
  });
});
