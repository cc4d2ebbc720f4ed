/**
 * "Since you last looked": a fresh patient taken on by a fresh therapist logs a PHQ-9; the caseload row is
 * marked "New" and the record opens with what is new since the therapist joined the care team. The patient
 * then logs a check-up and a second PHQ-9: the record shows them since the therapist last looked, with the
 * PHQ-9's band and reliable change. Reloaded, there is nothing new, and the caseload's marker is gone.
 * Axe clean, fitting a 320 px phone, with a clean console.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, PHONE_HEIGHT, watchConsole } from '../../../e2e/support/phone.ts';
import { logMoment, newPatientOf, screening, serialConsole, type TestPatient } from './support.ts';

let page: Page;
let request: APIRequestContext;
let patient: TestPatient;
let problems: { list: string[] };

serialConsole(
  '/caseload',
  async (r, therapist) => {
    const p = await newPatientOf(r, 'Robin', therapist);
    // Before the therapist's first look: minimal (4).
    await logMoment(r, p, 'phq9', screening('phq9', [1, 1, 1, 1, 0, 0, 0, 0, 0]), Date.now() - 86_400_000);
    return p;
  },
  async (opened) => {
    ({ page, request, data: patient } = opened);
    problems = await watchConsole(page);
  },
);

const NEW = 'New since you last looked';
const rowOf = (p: Page) => p.getByTestId('caseload-row').filter({ hasText: patient.lastName });

test('before the first look, the row is marked new and the record counts from joining the care team', async () => {
  await page.goto('/caseload');
  const row = rowOf(page);
  await expect(row.getByRole('img', { name: NEW })).toBeVisible();
  await expect(row.getByRole('img', { name: NEW })).toHaveText('New');
  await expectNoA11yViolations(page);
  await row.getByRole('link', { name: patient.name }).click();
  const news = page.getByRole('region', { name: /^New since you joined the care team \(.+\)$/ });
  await expect(news).toBeVisible();
  await expect(news.getByText('Robin logged 1 entry:')).toBeVisible();
  await expect(news.getByText('PHQ-9 (mood): 1')).toBeVisible();
  await expect(news.getByText(/^PHQ-9 on .+: 4 of 27, Minimal\. Their first result\.$/)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('after the patient logs something, the row and the record show what is new since the last look', async () => {
  await logMoment(request, patient, 'checkup', { mood: 2 });
  // Moderate (12): 8 points worse than the 4 before it, a reliable deterioration.
  await logMoment(request, patient, 'phq9', screening('phq9', [2, 2, 1, 1, 1, 1, 2, 2, 0]));
  await page.goto('/caseload');
  const row = rowOf(page);
  await expect(row.getByRole('img', { name: NEW })).toBeVisible();
  await row.getByRole('link', { name: patient.name }).click();
  const news = page.getByRole('region', { name: /^New since you last looked \(.+\)$/ });
  await expect(news).toBeVisible();
  await expect(news.getByText('Robin logged 2 entries:')).toBeVisible();
  await expect(news.getByText('Daily check-up: 1')).toBeVisible();
  await expect(
    news.getByText(
      /^PHQ-9 on .+: 12 of 27, Moderate\. Reliable deterioration \(\+8 points\) from 4 \(Minimal\)\.$/,
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
  await expect(news).toBeVisible();
  await expectFitsPhone(page, 'the record with what is new at 320 px');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('once looked at, a reload shows nothing new and the caseload marker is gone', async () => {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await expect(page.getByText(/^Nothing new since you last looked \(.+\)\.$/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^New since/ })).toHaveCount(0);
  await page.goto('/caseload');
  const row = rowOf(page);
  await expect(row.getByRole('link', { name: patient.name })).toBeVisible();
  await expect(row.getByRole('img', { name: NEW })).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(problems.list).toEqual([]);
});
