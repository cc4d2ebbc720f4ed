/**
 * The caseload: a new patient taken on by the access code their app shows, found by a server-side
 * search and filters, then discharged from their record after a confirmation naming them and what ends; the
 * discharged patient leaves the caseload.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import {
  accessCodeOf,
  api,
  newPatient,
  serialConsole,
  type TestPatient,
  type TestTherapist,
} from './support.ts';

let page: Page;
let request: APIRequestContext;
let patient: TestPatient;
let therapist: TestTherapist;

serialConsole(
  '/caseload',
  (r) => newPatient(r, 'Noor'),
  (opened) => ({ page, request, therapist, data: patient } = opened),
);

test('a patient is taken on with the access code their app shows', async () => {
  await expect(page.getByRole('heading', { level: 1, name: 'Caseload' })).toBeVisible();
  // A new therapist's caseload is empty, and says how to fill it.
  await expect(
    page.getByText('You have no patients yet. Take on a patient with the code their app shows.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Take on a patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take on a patient' });
  // A wrong code is refused in words, and what was typed stays.
  await dialog.getByLabel(/^Access code/).fill('ZZZZ-ZZZZ');
  await dialog.getByRole('button', { name: 'Take on' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This code is not known or has expired.');
  await expect(dialog.getByLabel(/^Access code/)).toHaveValue('ZZZZ-ZZZZ');
  await expectNoA11yViolations(page);

  const code = await accessCodeOf(request, patient);
  await dialog.getByLabel(/^Access code/).fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
  await dialog.getByRole('button', { name: 'Take on' }).click();
  await expect(dialog).toContainText(`${patient.name} is on your caseload. You lead their care.`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  // The caseload shows them without a reload.
  await expect(page.getByTestId('caseload-row')).toHaveCount(1);
  await expect(page.getByTestId('caseload-row').first()).toContainText(patient.name);
});

test('the server searches and filters the caseload', async () => {
  await page.getByLabel('Search by name').fill(patient.lastName.toUpperCase());
  const rows = page.getByTestId('caseload-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(patient.name);
  await expect(page.getByText('1 patient matches.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${patient.lastName.toUpperCase()}`));
  // Not high risk, led by the therapist, not shared with them (taken on by code): in; the opposite filters: out.
  await page.getByRole('combobox', { name: 'Risk' }).click();
  await page.getByRole('option', { name: 'High risk only' }).click();
  await expect(page.getByText('No patients match. Change the search or the filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Risk' }).click();
  await page.getByRole('option', { name: 'Not high risk' }).click();
  await page.getByRole('combobox', { name: 'Your role' }).click();
  await page.getByRole('option', { name: 'I lead their care' }).click();
  await page.getByRole('combobox', { name: 'Shared data' }).click();
  await page.getByRole('option', { name: 'Not shared with me' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(patient.name);
  await expectNoA11yViolations(page);
});

test('discharge asks first, naming the patient and what ends; the patient leaves the caseload', async () => {
  await page.getByTestId('caseload-row').first().getByRole('link', { name: patient.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await page.getByRole('button', { name: 'Discharge' }).click();
  const dialog = page.getByRole('dialog', { name: `Discharge ${patient.name}?` });
  await expect(dialog).toContainText(
    `You leave ${patient.name}'s care team and can no longer see their record`,
  );
  await expect(dialog).toContainText('You are no longer alerted when they are at risk');
  await expect(dialog).toContainText(`No other therapist cares for ${patient.name}`);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: `Keep ${patient.name}` }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Discharge' }).click();
  await page
    .getByRole('dialog', { name: `Discharge ${patient.name}?` })
    .getByRole('button', { name: `Discharge ${patient.name}` })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Caseload' })).toBeVisible();
  await page.getByLabel('Search by name').fill(patient.lastName);
  await expect(page.getByText('No patients match. Change the search or the filters.')).toBeVisible();
  const list = await api<{ items: Array<{ patientId: string }> }>(
    request,
    therapist.token,
    'GET',
    `/therapist/assigned-patients?search=${patient.lastName}`,
  );
  expect(list.items).toEqual([]);
  // Their record is closed to the therapist now.
  await page.goto(`/patients/${patient.userId}`);
  await expect(page.getByText('This patient is not on your caseload.')).toBeVisible();
});
