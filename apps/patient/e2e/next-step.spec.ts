import { expect } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectOneCheckupPerMeasure } from '../../../e2e/support/measures.ts';
import { openAndCloseCrisisPanel, signedInPatientTest } from './support.ts';

const test = signedInPatientTest('next-step', 'Jordan');

// A helpful next step after a check-up (the rules: @tend/domain/next-step): a new patient with no therapist
// records a very low mood and very high anxiety and is offered the safety plan with crisis help beside it, and
// the breathing exercise; a good day later offers nothing. (The therapist's rule: clinical.spec.ts, GAD-7.)
test.describe('patient app: a next step after a check-up', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a very hard day: the safety plan with crisis help beside it, then breathing; never more than two', async ({
    page,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Check-up' }).click();
    await page.getByRole('radiogroup', { name: 'Mood' }).getByLabel('Very low', { exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Anxiety' }).getByLabel('Very high', { exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Sleep' }).getByLabel('Very low', { exact: true }).check();
    await page.getByRole('button', { name: 'Save check-up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your check-up is saved.' })).toBeVisible();

    const next = page.getByRole('region', { name: 'A next step' });
    await expect(next.getByRole('link', { name: 'Open my safety plan' })).toBeVisible();
    await expect(next.getByRole('link', { name: 'Try the breathing exercise' })).toBeVisible();
    // No therapist yet: no message to one; and at most two suggestions.
    await expect(next.getByRole('link')).toHaveCount(2);
    await expectNoA11yViolations(page);
    await openAndCloseCrisisPanel(page, next.getByRole('button', { name: 'Crisis help now' }));
    await next.getByRole('link', { name: 'Try the breathing exercise' }).click();
    await expect(page).toHaveURL(/\/exercises\/breathing$/);
  });

  test('a good day: no suggestion at all', async ({ page }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Check-up' }).click();
    await expect(page.getByText('You have already checked in today.')).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Mood' }).getByLabel('Good', { exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Anxiety' }).getByLabel('Calm', { exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Sleep' }).getByLabel('Good', { exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Energy' }).getByLabel('Okay', { exact: true }).check();
    await page.getByRole('button', { name: "Update today's check-up" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your check-up is saved.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'A next step' })).toHaveCount(0);
  });

  test('Progress shows every check-up measure with its table, over the chosen period', async ({ page }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Progress' }).click();
    await page.getByText('A week', { exact: true }).click();
    const checkups = page.getByRole('region', { name: 'Your daily check-ups' });
    await expectOneCheckupPerMeasure(checkups, {
      Mood: '4 of 5',
      Sleep: '4 of 5',
      Energy: '3 of 5',
      Anxiety: '2 of 5',
    });
    await expectNoA11yViolations(page);
  });
});
