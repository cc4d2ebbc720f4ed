import { expect } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT, DEMO_USERS } from '../../../e2e/support/server.ts';
import { keptSession } from '../../../packages/auth/e2e/accounts.ts';
import { signedInPatientTest } from './support.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// The patient's timezone differs from the demo therapist's (Europe/London).
const PATIENT_ZONE = 'America/New_York';
const THERAPIST_ZONE = 'Europe/London';
/** The weekly slot the demo therapist offers for this spec (Tuesday 09:00-12:00 in London), removed afterwards. */
const SLOT = { dayOfWeek: 2, start: '09:00', end: '12:00' };

/** The next Tuesday 09:00 in London, as the patient's wall clock shows it. */
function slotStartInPatientZone(): { day: string; time: string } {
  let day = dayjs().tz(THERAPIST_ZONE);
  while (
    (day.day() || 7) !== SLOT.dayOfWeek ||
    dayjs.tz(`${day.format('YYYY-MM-DD')}T${SLOT.end}`, THERAPIST_ZONE).valueOf() <= Date.now()
  )
    day = day.add(1, 'day');
  const start = dayjs.tz(`${day.format('YYYY-MM-DD')}T${SLOT.start}`, THERAPIST_ZONE).tz(PATIENT_ZONE);
  return { day: start.format('dddd D MMMM'), time: start.format('HH:mm') };
}

let therapistBearer: string;
let slotId: string | null = null;
const test = signedInPatientTest('care-team', 'Robin', {
  context: { timezoneId: PATIENT_ZONE },
  prepare: async (request) => {
    therapistBearer = await keptSession(request, DEMO_USERS.therapist, ['therapist']);
    const created = await request.post(`${API_ROOT}/therapist/availability`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: SLOT,
    });
    if (created.status() === 201) slotId = ((await created.json()) as { id: string }).id;
    else expect(created.status(), await created.text()).toBe(409); // left by an earlier run: the same slot is there
  },
});

// A fresh patient gives the demo therapist their access code (redeemed through the API), reads the therapist's
// profile with availability in their own timezone, and shares their data with another therapist.
test.describe('patient app: my care team', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.afterAll(async ({ request }) => {
    if (slotId)
      await request.delete(`${API_ROOT}/therapist/availability?slotId=${encodeURIComponent(slotId)}`, {
        headers: { Authorization: `Bearer ${therapistBearer}` },
      });
  });

  test('gives the access code to the demo therapist, who redeems it', async ({ page, request }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'My care team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My care team' })).toBeVisible();
    await expect(page.getByText(/You have no therapist yet/)).toBeVisible();
    await expect(page.getByText(/Valid for another 2[34] h \d+ min \d+ s\./)).toBeVisible();
    await expectNoA11yViolations(page);
    const first = (await page.getByTestId('access-code').textContent())!.trim();
    expect(first).toMatch(/^[A-Z0-9]{8}$/);
    await page.getByRole('button', { name: 'Get a new code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The old one no longer works.' })).toBeVisible();
    await expect(page.getByTestId('access-code')).not.toHaveText(first);
    const code = (await page.getByTestId('access-code').textContent())!.trim();

    const old = await request.post(`${API_ROOT}/therapist/assigned-patients`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: { accessCode: first },
    });
    expect(old.status()).toBeGreaterThanOrEqual(400);
    const redeemed = await request.post(`${API_ROOT}/therapist/assigned-patients`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: { accessCode: code },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    await page.reload();
    const team = page.getByRole('region', { name: 'Your therapists' });
    await expect(team.getByText('Alex Morgan', { exact: true })).toBeVisible();
    await expect(team.getByText('Lead therapist')).toBeVisible();
  });

  test("reads the therapist's profile with availability in the patient's own timezone", async ({ page }) => {
    await page.getByRole('link', { name: 'About Alex Morgan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
    await expect(page.getByText(/BABCP-accredited cognitive behavioural therapist/)).toBeVisible();
    await expect(
      page.getByText(`Times are in your timezone (${PATIENT_ZONE}). Alex Morgan works in ${THERAPIST_ZONE}.`),
    ).toBeVisible();
    const expected = slotStartInPatientZone();
    await expect(
      page.getByRole('row', { name: new RegExp(`${expected.day}.*${expected.time}`) }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('shares data with an eligible therapist after the confirmation', async ({ page }) => {
    await page.getByRole('link', { name: 'Back to my care team' }).click();
    await page.getByRole('button', { name: 'Share my data with Priya Shah' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your data with Priya Shah?' });
    await expect(dialog.getByText(/everything you log/)).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Yes, share my data' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Priya Shah is now part of your care team.' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your therapists' }).getByText('Priya Shah', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share my data with Priya Shah' })).toHaveCount(0);
  });
});
