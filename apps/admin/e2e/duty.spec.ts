/**
 * The duty rota: an administrator opens an organisation's "Duty rota" tab (on a fresh organisation of
 * the spec's own, so the demo's rota stays as it is), puts a clinician on duty every day by keyboard, saves, and
 * sees who is on duty now; the server agrees. Axe clean.
 */
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { ROOT_ADMIN, asAdmin, createOrganisation, signedInPage } from './support.ts';

test.describe.configure({ timeout: 180_000 });

test('an administrator puts a clinician on duty on the organisation page', async ({ browser, request }) => {
  const id = await createOrganisation(request, `Duty rota E2E ${Date.now()}`);
  const page = await signedInPage(browser);
  await page.goto(`/organisations/${id}?tab=duty`);
  await expect(page.getByRole('heading', { level: 2, name: 'Duty rota' })).toBeVisible();
  // Nobody on its rota and no therapist of its own: its administrators would be e-mailed.
  await expect(page.getByTestId('duty-now')).toContainText('Nobody is on duty now');
  await expect(page.getByText('Nobody is on the rota.')).toBeVisible();
  await expectNoA11yViolations(page);

  const add = page.getByRole('button', { name: 'Add a shift' });
  await add.focus();
  await page.keyboard.press('Enter');
  const clinician = page.getByLabel('Clinician, shift 1');
  await expect(clinician).toBeVisible();
  await clinician.focus();
  await clinician.selectOption({ label: 'Alex Morgan (Europe/London)' });
  await expect(page.getByLabel('Day, shift 1')).toHaveValue('every');
  await expect(page.getByLabel('From, shift 1')).toHaveValue('00:00');
  await expect(page.getByLabel('Until, shift 1')).toHaveValue('24:00');
  await expectNoA11yViolations(page);
  const save = page.getByRole('button', { name: 'Save the rota' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The rota is saved.')).toBeVisible();
  await expect(page.getByTestId('duty-now')).toContainText('On duty now: Alex Morgan.');
  await expectNoA11yViolations(page);

  const rota = await asAdmin(request, ROOT_ADMIN, 'GET', `/organisation/${id}/duty-rota`);
  expect(rota.body).toMatchObject({
    shifts: [{ therapistId: 'therapist-1', day: null, startMinute: 0, endMinute: 1440 }],
    onDutyNow: ['therapist-1'],
    fallback: 'rota',
  });
  await page.context().close();
});
