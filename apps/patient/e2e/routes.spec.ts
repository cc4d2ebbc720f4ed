import { expect } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { openCrisisPanelByKeyboard, signedInPatientTest } from './support.ts';

/** Every page of the patient app and its heading. */
const ROUTES: Array<[string, string]> = [
  ['/', 'Hello, Morgan'],
  ['/checkup', 'Daily check-up'],
  ['/journal', 'Journal'],
  ['/journal/new', 'New journal entry'],
  ['/cbt', 'CBT toolkit'],
  ['/cbt/thought-record', 'Thought record'],
  ['/cbt/hot-thought', 'Hot thought'],
  ['/cbt/evidence', 'Evidence for and against'],
  ['/cbt/being-objective', 'Being objective'],
  ['/cbt/core-beliefs', 'Core beliefs'],
  ['/cbt/thinking-patterns', 'Unhelpful thinking patterns'],
  ['/cbt/suitability', 'Is CBT right for me?'],
  ['/screening', 'Mood and anxiety'],
  ['/screening/phq9', 'PHQ-9'],
  ['/screening/gad7', 'GAD-7'],
  ['/exercises', 'Exercises'],
  ['/exercises/breathing', 'Breathing exercise'],
  ['/exercises/quiz', 'Understanding anxiety'],
  ['/exercises/resilience', 'Resilience check'],
  ['/exercises/risk-factors', 'Risk factors self-check'],
  ['/exercises/positive-reading', 'Positive reading'],
  ['/timeline', 'Timeline'],
  ['/progress', 'Progress'],
  ['/goals', 'My goals and preferences'],
  ['/surveys', 'Surveys'],
  ['/safety-plan', 'My safety plan'],
  ['/care-team', 'My care team'],
  ['/appointments', 'Appointments'],
  ['/account', 'Your account'],
  ['/my-data', 'My data'],
  ['/security', 'Security'],
];

const test = signedInPatientTest('routes', 'Morgan');

// The crisis panel is one Tab-and-Enter away on every page (and on the sign-in page); every page is axe clean.
test.describe('patient app: every page', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test('the sign-in page offers Get help now by keyboard', async ({ browser }) => {
    const signedOut = await (await browser.newContext()).newPage();
    await signedOut.goto('/authentication/login');
    const dialog = await openCrisisPanelByKeyboard(signedOut);
    await expect(dialog.getByText('Talk to your care team')).toHaveCount(0);
    await expectNoA11yViolations(signedOut);
    await signedOut.context().close();
  });

  test('each page is axe clean and reaches the crisis panel by keyboard', async ({ page }) => {
    for (const [path, heading] of ROUTES) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        await expectNoA11yViolations(page);
        await openCrisisPanelByKeyboard(page);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Get help now' })).toHaveCount(0);
      });
    }
  });

  test('the crisis panel itself is axe clean', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get help now' }).click();
    await expect(page.getByRole('dialog', { name: 'Get help now' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
