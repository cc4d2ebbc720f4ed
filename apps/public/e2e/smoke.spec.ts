import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';

test('the app answers with a titled, accessible page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);
  await expect(page).toHaveTitle(/Tend/);
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoA11yViolations(page);
});
