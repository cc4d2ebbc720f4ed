import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { serverMoments, signedInPatientTest } from './support.ts';

const test = signedInPatientTest('exercises', 'Jamie');

/** Sets "How relaxed you feel" (before or after the exercise) from the keyboard: focused, then `keys` in turn. */
async function rateRelaxation(page: Page, keys: string[]) {
  await page.getByRole('slider', { name: /How relaxed you feel/ }).focus();
  for (const key of keys) await page.keyboard.press(key);
}

// A breathing exercise logged with its relaxation levels, an activity and a reward.
test.describe('patient app: exercises', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a breathing exercise is logged with levels before and after, counted and rewarded', async ({
    page,
    patient,
    request,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Exercises' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Exercises' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Open Breathing exercise' }).click();
    await rateRelaxation(page, ['Home', 'ArrowRight', 'ArrowRight']);
    await expect(page.getByText('How relaxed you feel: 2 of 10')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Start breathing' }).click();
    await expect(page.getByText('Breathe in…')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: "I'm done" }).click();
    await rateRelaxation(page, ['End', 'ArrowLeft']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved: relaxation 2 before, 9 after.')).toBeVisible();
    await expect(page.getByText(/You earned \d+ points?\./)).toBeVisible();
    await expect(
      page.getByRole('table', { name: /Your recent breathing exercises/ }).getByRole('row'),
    ).toHaveCount(2);

    const relaxation = await serverMoments(request, patient, ['relaxation']);
    expect(relaxation.map((m) => m.body)).toEqual([
      expect.objectContaining({ exercise: 'breathing', levelBefore: 2, levelAfter: 9 }),
    ]);
    const activity = await serverMoments(request, patient, ['activity']);
    expect(activity.map((m) => m.body.activityId)).toEqual(['breathing']);

    await page.getByRole('link', { name: 'Back to exercises' }).click();
    await expect(page.getByText('1 exercise', { exact: true })).toBeVisible();
    await expect(page.getByText('1 day in a row')).toBeVisible();
  });

  test('the quiz page shows the previous score, with its date, before the quiz starts again', async ({
    page,
    patient,
    request,
  }) => {
    await page.goto('/exercises/quiz');
    await expect(page.getByRole('heading', { level: 1, name: 'Understanding anxiety' })).toBeVisible();
    await expect(page.getByText('This is your first time.', { exact: false })).toBeVisible();
    // The first choice of each question: two of the five (q2 and q5) are right.
    for (const group of await page.getByRole('radiogroup').all()) {
      await group.getByRole('radio').first().check();
    }
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(page.getByText('You got 2 of 5 right.')).toBeVisible();
    const quiz = await serverMoments(request, patient, ['quiz']);
    expect(quiz.map((m) => m.body)).toEqual([expect.objectContaining({ score: 2, maxScore: 5 })]);

    await page.getByRole('link', { name: 'Back to exercises' }).click();
    await page.getByRole('link', { name: 'Open Understanding anxiety' }).click();
    const last = page.getByRole('region', { name: 'Your last result' });
    await expect(last).toBeVisible();
    await expect(last).toContainText('You got 2 of 5 right.');
    await expect(last).toContainText(/Last time, .*\d/);
    await expect(page.getByRole('button', { name: 'Check my answers' })).toBeDisabled();
    await expectNoA11yViolations(page);

    // After a reload too: the result comes from the server, not from this visit's memory.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your last result' })).toContainText(
      'You got 2 of 5 right.',
    );
  });
});
