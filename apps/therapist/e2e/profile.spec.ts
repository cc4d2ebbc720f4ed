/**
 * Profile and availability, of the spec's own fresh therapist: details, name and biography (length
 * shown, line breaks kept), timezone; an availability slot created in Europe/London on Sundays, drawn
 * in the week calendar, an overlapping one refused, and the slot as a patient in New York sees it through the
 * API across the last Sunday of March 2026 (the clocks change in London that day, in New York three weeks
 * before); then deleted.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { api, newPatientOf, serialConsole, type TestTherapist } from './support.ts';

let page: Page;
let request: APIRequestContext;
let therapist: TestTherapist;

serialConsole(
  '/profile',
  async () => undefined,
  (opened) => ({ page, request, therapist } = opened),
);

test('the profile: details, name, biography with its length, timezone', async () => {
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${therapist.email}`)).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue(therapist.firstName);
  await expect(page.getByRole('combobox', { name: 'Your timezone' })).toHaveValue('Europe/London');
  await expectNoA11yViolations(page);
  await page.getByLabel(/^First name/).fill('Samira');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await expect(page.getByRole('region', { name: 'Name' }).getByRole('status')).toHaveText('Saved.');
  expect(
    await api<{ firstName: string; lastName: string }>(request, therapist.token, 'GET', '/therapist/details'),
  ).toMatchObject({ firstName: 'Samira', lastName: therapist.lastName });

  const bio = page.getByLabel('About you');
  await bio.fill('CBT for anxiety and low mood.\nEvenings on Sundays.');
  await expect(page.getByText('50 of 2000 characters.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Biography' })).toContainText('As patients see it');
  await page.getByRole('button', { name: 'Save the biography' }).click();
  await expect(page.getByRole('region', { name: 'Biography' }).getByRole('status')).toHaveText('Saved.');
  const details = await api<{ biography: string }>(request, therapist.token, 'GET', '/therapist/details');
  expect(details.biography).toBe('CBT for anxiety and low mood.\nEvenings on Sundays.');
});

test('an availability slot on Sundays: drawn in the week, an overlap refused, and seen from New York across the clocks changing', async () => {
  await page.getByRole('link', { name: 'Availability' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(page.getByText('Times are shown in Europe/London.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add hours' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add hours' });
  await dialog.getByRole('combobox', { name: 'Day' }).click();
  await page.getByRole('option', { name: 'Sunday' }).click();
  await dialog.getByLabel(/^From/).fill('06:10');
  await dialog.getByLabel(/^Until/).fill('06:50');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const weekly = page.getByRole('region', { name: 'Weekly hours' });
  await expect(weekly.getByRole('button', { name: '06:10–06:50 on Sunday: change' })).toBeVisible();
  // In this week's calendar, on Sunday.
  await expect(
    page.getByRole('region', { name: /^Sunday/ }).getByRole('button', { name: /^06:10–06:50/ }),
  ).toBeVisible();

  // Overlapping hours are refused, naming the slot they meet; what was typed stays.
  await page.getByRole('button', { name: 'Add hours' }).click();
  dialog = page.getByRole('dialog', { name: 'Add hours' });
  await dialog.getByRole('combobox', { name: 'Day' }).click();
  await page.getByRole('option', { name: 'Sunday' }).click();
  await dialog.getByLabel(/^From/).fill('06:30');
  await dialog.getByLabel(/^Until/).fill('07:30');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toContainText('This overlaps your hours on Sunday, 06:10–06:50.');
  await expect(dialog.getByLabel(/^From/)).toHaveValue('06:30');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A patient of the therapist, in New York, reads the profile through the API: the slot's instants from
  // 16 March 2026 for three weeks, shown at their own wall-clock times.
  const patient = await newPatientOf(request, 'Ari', therapist);
  const profile = await api<{
    timezone: string;
    availability: Array<{ id: string; dayOfWeek: number; start: string; end: string }>;
    occurrences: Array<{ slotId: string; start: number; end: number }>;
  }>(
    request,
    patient.token,
    'GET',
    `/therapists/details/${therapist.userId}?from=${Date.UTC(2026, 2, 16)}&days=21`,
  );
  expect(profile.timezone).toBe('Europe/London');
  const slot = profile.availability.find(
    (s) => s.dayOfWeek === 7 && s.start === '06:10' && s.end === '06:50',
  )!;
  expect(slot).toBeDefined();
  const mine = profile.occurrences.filter((o) => o.slotId === slot.id);
  expect(mine.map((o) => new Date(o.start).toISOString())).toEqual([
    '2026-03-22T06:10:00.000Z',
    '2026-03-29T05:10:00.000Z',
    '2026-04-05T05:10:00.000Z',
  ]);
  // New York's wall clock, read with Intl (independently of the app's own model).
  const newYork = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(ms)
      .replace(',', '');
  expect(mine.map((o) => `${newYork(o.start)}–${newYork(o.end).slice(-5)}`)).toEqual([
    '2026-03-22 02:10–02:50', // London on GMT, New York already on EDT: four hours apart
    '2026-03-29 01:10–01:50', // London on BST from that morning: five hours again
    '2026-04-05 01:10–01:50',
  ]);

  await weekly.getByRole('button', { name: '06:10–06:50 on Sunday: change' }).click();
  dialog = page.getByRole('dialog', { name: 'Change hours' });
  await dialog.getByRole('button', { name: 'Delete these hours' }).click();
  await expect(dialog).toBeHidden();
  await expect(weekly.getByRole('button', { name: '06:10–06:50 on Sunday: change' })).toHaveCount(0);
});
