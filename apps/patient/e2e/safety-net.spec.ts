/**
 * The patient is told the truth: a patient with no therapist who answers PHQ-9 item 9 "Several days"
 * is told, in the crisis panel and on the result, that the Tend Health duty team (not a care team) sees it,
 * with Tend Health's stated response time; the result opens with the safety message, never with reassurance.
 * The safety plan page says who can read the plan.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { serverMoments, signedInPatientTest } from './support.ts';

const answer = async (page: Page, label: string) => {
  await page.getByRole('radio', { name: label, exact: true }).check();
};

const test = signedInPatientTest('safety-net', 'Jordan');

test.describe('patient app: who sees what I share, with no therapist yet', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });

  test('the PHQ-9 names the duty team and opens the result with the safety message', async ({
    page,
    patient,
    request,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Mood and anxiety' }).click();
    await expect(page.getByText(/Your scores are shared with the Tend Health duty team\./)).toBeVisible();
    await expect(page.getByText(/They aim to reply within 24 hours\./)).toBeVisible();
    await page.getByRole('link', { name: 'Take the PHQ-9' }).click();
    for (let i = 0; i < 8; i++) {
      await answer(page, 'Not at all (0)');
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await answer(page, 'Several days (1)');
    const dialog = page.getByRole('dialog', { name: 'Get help now' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Your answers have been saved and the Tend Health duty team will see them.'),
    ).toBeVisible();
    await expect(dialog.getByText(/care team/)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'See my result' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your PHQ-9 result' })).toBeVisible();
    const safety = page.getByTestId('safety-message');
    await expect(safety).toBeVisible();
    await expect(safety).toContainText('Your safety comes first');
    await expect(safety).toContainText(
      'Your answer to that question has been shared with the Tend Health duty team. They aim to reply within 24 hours.',
    );
    await expect(safety).toContainText('You do not have a therapist yet');
    // The safety message comes before the score, and nothing reassures.
    const order = await page.evaluate(() => {
      const safetyBox = document.querySelector('[data-testid="safety-message"]')!;
      const score = [...document.querySelectorAll('[role="status"]')].find((e) =>
        e.textContent?.includes('out of 27'),
      )!;
      return safetyBox.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    await expect(page.getByText('1 out of 27: Minimal')).toBeVisible();
    await expect(page.getByText(/matters more than the total/)).toBeVisible();
    await expect(page.getByText(/Keep doing what helps you/)).toHaveCount(0);
    await expect(page.getByText(/few or no symptoms/)).toHaveCount(0);
    await expect(page.getByRole('main').getByText(/care team/)).toHaveCount(0);
    await expectNoA11yViolations(page);

    const stored = await serverMoments(request, patient, ['phq9']);
    expect(stored[0]!.body).toMatchObject({ total: 1, items: [0, 0, 0, 0, 0, 0, 0, 0, 1] });
  });

  test('the chat and check-up name the duty team too', async ({ page }) => {
    await page.goto('/chat');
    await expect(page.getByText(/Send a message to the Tend Health duty team\./)).toBeVisible();
    await expect(page.getByRole('main').getByText(/care team/)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.goto('/checkup');
    await expect(page.getByText(/Your check-ups are shared with the Tend Health duty team/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the safety plan page says nobody else reads the plan yet', async ({ page }) => {
    await page.goto('/safety-plan');
    await expect(page.getByRole('heading', { level: 2, name: 'Who can read your plan' })).toBeVisible();
    await expect(page.getByTestId('plan-readers')).toHaveText(/Nobody else reads your plan yet/);
    await expectNoA11yViolations(page);
  });

  test('the risk-factors self-check: thoughts of self-harm are passed to the duty team, and the patient is told', async ({
    page,
    patient,
    request,
  }) => {
    await page.goto('/exercises/risk-factors');
    await expect(page.getByRole('heading', { level: 1, name: 'Risk factors self-check' })).toBeVisible();
    await page.getByLabel('I have had thoughts of hurting myself or ending my life').check();
    // The crisis panel opens at once; closed, the page says who will be told.
    const dialog = page.getByRole('dialog', { name: 'Get help now' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(/When you save this check, the Tend Health duty team will be told that you ticked/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save my check' }).click();
    await expect(
      page.getByText(
        'We have let the Tend Health duty team know that you ticked thoughts of hurting yourself, so they can reach out to you.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(/care team/)).toHaveCount(0);
    await expectNoA11yViolations(page);
    const stored = await serverMoments(request, patient, ['risk-factor']);
    expect(stored[0]!.body).toMatchObject({ selfHarmThoughts: true, level: 'high' });
  });
});
