/**
 * Risk alerts: a fresh patient of the spec's own therapist (the faithful equivalent of "the demo
 * patient": specs run in parallel on one database) submits a PHQ-9 with item 9 = 1 through the API; the signed-in
 * therapist's console shows the alert without a reload (the list is asked again every 20 s and on focus),
 * with the count in the navigation; the therapist acknowledges it, and the acknowledgement shows in the
 * patient's risk history with the therapist's name and the time; the caseload lists the patient first. The
 * alerts are one virtualised list read a page at a time (the keyset cursor) as it is scrolled.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { ALERTS_POLL_MS } from '../../../packages/domain/src/risk-alerts/model.ts';
import {
  api,
  logMoment,
  newPatientOf,
  serialConsole,
  screening,
  type TestPatient,
  type TestTherapist,
} from './support.ts';

let page: Page;
let request: APIRequestContext;
let patient: TestPatient;
let therapist: TestTherapist;

serialConsole(
  '/alerts',
  (r, t) => newPatientOf(r, 'Robin', t),
  (opened) => ({ page, request, therapist, data: patient } = opened),
);

test('a PHQ-9 with item 9 = 1 appears as an alert without a reload, counted in the navigation', async () => {
  await expect(page.getByRole('heading', { level: 1, name: 'Risk alerts' })).toBeVisible();
  const alert = page.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(alert).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A mark on this very document: still there afterwards means the alert came without a reload.
  await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
  await logMoment(request, patient, 'phq9', screening('phq9', [1, 1, 1, 1, 1, 1, 0, 0, 1]));

  // The list is asked again every ALERTS_POLL_MS (20 s): the alert is there within that interval (plus the
  // time the request and the render take on a loaded machine).
  await expect(alert.filter({ hasText: 'PHQ-9 item 9 (thoughts of self-harm)' })).toBeVisible({
    timeout: ALERTS_POLL_MS + 10_000,
  });
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  await expect(alert).toContainText('PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.');
  await expect(page.getByRole('link', { name: /^Risk alerts \d+ open alerts?$/ })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the therapist acknowledges it: recorded with their name and the time, shown in the risk history', async () => {
  const alert = page.getByTestId('risk-alert').filter({ hasText: patient.name });
  await alert.getByRole('button', { name: `Acknowledge the alert about ${patient.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Acknowledge the alert about ${patient.name}` });
  await dialog.getByLabel('What you did (optional)').fill('Called Robin; safety plan reviewed.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog).toBeHidden();
  // Acknowledged alerts leave the open list and stay visible under Acknowledged.
  await expect(alert).toHaveCount(0);
  await page.getByText('Acknowledged', { exact: true }).click();
  const done = page.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(done).toContainText(`Acknowledged by ${therapist.name}`);
  await expect(done).toContainText('Called Robin; safety plan reviewed.');

  await done.getByRole('link', { name: patient.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await expect(page.getByText('High risk', { exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Patient record' })
    .getByRole('link', { name: 'Risk history' })
    .click();
  const acknowledgement = page.getByTestId('acknowledgement').first();
  // "Acknowledged by Sam Therapist…, 23 Nov 2026, 14:05" (the time in the therapist's timezone).
  await expect(acknowledgement).toHaveText(
    new RegExp(
      `^Acknowledged by ${therapist.name}, \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} — Called Robin; safety plan reviewed\\.$`,
    ),
  );
  await expect(page.getByTestId('risk-history-entry').filter({ hasText: 'Flagged high risk' })).toContainText(
    'raised by the patient',
  );
  await expectNoA11yViolations(page);
});

test('the caseload lists the flagged patient first', async () => {
  // The patient is the therapist's only high-risk patient, and the most recently active.
  await logMoment(request, patient, 'checkup', { mood: 2 });
  await page.getByRole('link', { name: 'Caseload' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Caseload' })).toBeVisible();
  const first = page.getByTestId('caseload-row').first();
  await expect(first).toContainText(patient.name);
  await expect(first).toContainText('High risk');
  await expect(first).toContainText('PHQ-9 7/27 · Mild');
  await expectNoA11yViolations(page);
  // Still open elsewhere? The server agrees: nothing of this patient's is open for the therapist.
  const open = await api<{ items: Array<{ patientId: string }> }>(
    request,
    therapist.token,
    'GET',
    '/therapist/risk-alerts?status=unacknowledged&limit=100',
  );
  expect(open.items.some((a) => a.patientId === patient.userId)).toBe(false);
});

test('the alerts are one virtualised list that reads further alerts as it is scrolled', async () => {
  // More alerts than a page (50): each PHQ-9 with item 9 above 0 raises one. Acknowledged at once through the
  // API, so none of them is escalated to the clinicians on duty of other specs.
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < 55; i++)
    await logMoment(
      request,
      patient,
      'phq9',
      screening('phq9', [1, 1, 1, 1, 1, 1, 0, 0, 1]),
      start + i * 1000,
    );
  const open = await api<{ items: Array<{ alertId: string }> }>(
    request,
    therapist.token,
    'GET',
    '/therapist/risk-alerts?status=unacknowledged&limit=100',
  );
  for (const { alertId } of open.items)
    await api(request, therapist.token, 'POST', `/therapist/risk-alerts/${alertId}/acknowledge`, {});
  const { total } = await api<{ total: number }>(
    request,
    therapist.token,
    'GET',
    '/therapist/risk-alerts?status=acknowledged&limit=1',
  );
  expect(total).toBeGreaterThan(50);

  await page
    .getByRole('link', { name: /^Risk alerts/ })
    .first()
    .click();
  // A fresh page: the alerts cached from the earlier visit would show until the next poll.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Risk alerts' })).toBeVisible();
  await page.getByText('Acknowledged', { exact: true }).click();
  const list = page.getByRole('region', { name: 'Alerts' });
  const rows = list.getByTestId('alert-row');
  await expect(rows.first()).toContainText(patient.name);
  // Only the rows in view are in the page, and each says where it stands in the whole list.
  expect(await rows.count()).toBeLessThan(30);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(total));
  await expectNoA11yViolations(page);
  // Scrolled to the end, the rows past the first page arrive, down to the last alert.
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(Number(await rows.last().getAttribute('aria-posinset'))).toBe(total);
  }).toPass({ timeout: 30_000 });
  expect(await rows.count()).toBeLessThan(30);
  await expectNoA11yViolations(page);
});
