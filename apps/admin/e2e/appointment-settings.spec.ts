/**
 * An organisation's appointment settings, a setting that takes effect: a fresh organisation with a therapist
 * (weekly hours) and a patient in their care; the administrator sees the defaults, is told in words what a
 * slot length must be, sets 30 minutes, and the free slots the server gives the patient are 30 minutes long
 * (they were 50). axe clean, and the form fits 320 px.
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
  let patientToken: string;
  const lengths = async (request: APIRequestContext) => {
    const { slots } = await call<{ slots: Slot[] }>(request, patientToken, 'GET', '/appointments/slots');
    return [...new Set(slots.map((s) => (Date.parse(s.end) - Date.parse(s.start)) / 60_000))];
  };

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(180_000);
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    organisation = await createOrganisation(request, `E2E appointments ${stamp}`);
    const therapistEmail = `appt-therapist-${stamp}@example.com`;
    const patientEmail = `appt-patient-${stamp}@example.com`;
    await createUser(request, {
      email: therapistEmail,
      firstName: 'Rowan',
      lastName: 'Hale',
      scopes: ['therapist'],
      organisationId: organisation,
    });
    await createUser(request, {
      email: patientEmail,
      firstName: 'Quinn',
      lastName: 'Ellis',
      scopes: ['patient'],
      organisationId: organisation,
    });
    const { token: therapistToken } = await enrolTotpByApi(request, therapistEmail, ['therapist']);
    patientToken = await signInByApi(request, patientEmail, ['patient']);
    await call(request, therapistToken, 'POST', '/therapist/timezone', { timezone: 'Europe/Berlin' });
    for (let day = 1; day <= 7; day += 1) {
      await call(request, therapistToken, 'POST', '/therapist/availability', {
        dayOfWeek: day,
        start: '09:00',
        end: '12:00',
      });
    }
    const { code } = await call<{ code: string }>(request, patientToken, 'GET', '/patient/get-access-code');
    await call(request, therapistToken, 'POST', '/therapist/assigned-patients', { accessCode: code });
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
});
