import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { holdRequests } from './support.ts';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Install guide pictures' });
const image = (page: Page) => dialog(page).locator('img');

async function openStep(page: Page, step: number) {
  await page.getByRole('button', { name: `Step ${step}: view the picture larger` }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(image(page)).toHaveAttribute('data-loaded', 'true');
}

/** Presses `key` in the open viewer and expects it to show picture `shown` (of the four). */
async function pressAndSee(page: Page, key: string, shown: number) {
  await page.keyboard.press(key);
  await expect(dialog(page)).toContainText(`Image ${shown} of 4`);
}

test.describe('image viewer on the install guide', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/openid/guide/demo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('opens at the chosen step with caption and counter, accessible, focus on Close', async ({ page }) => {
    await openStep(page, 2);
    await expect(dialog(page)).toContainText('On the login screen, choose "Sign in with your organisation".');
    await expect(dialog(page)).toContainText('Image 2 of 4');
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await expectNoA11yViolations(page);
  });

  test('n, ArrowRight, p and ArrowLeft move; arrows are hidden at the ends', async ({ page }) => {
    await openStep(page, 1);
    await expect(dialog(page).getByRole('button', { name: 'Previous picture' })).toHaveCount(0);
    await pressAndSee(page, 'n', 2);
    await pressAndSee(page, 'ArrowRight', 3);
    await dialog(page).getByRole('button', { name: 'Next picture' }).click();
    await expect(dialog(page)).toContainText('Image 4 of 4');
    await expect(dialog(page).getByRole('button', { name: 'Next picture' })).toHaveCount(0);
    await pressAndSee(page, 'n', 4);
    await pressAndSee(page, 'p', 3);
    await pressAndSee(page, 'ArrowLeft', 2);
    await dialog(page).getByRole('button', { name: 'Previous picture' }).click();
    await expect(dialog(page)).toContainText('Image 1 of 4');
    await expect(image(page)).toHaveAttribute('src', '/assets/images/guide/play-store.png');
  });

  for (const key of ['Escape', 'x', 'o', 'c']) {
    test(`${key} closes and focus returns to the thumbnail`, async ({ page }) => {
      await openStep(page, 3);
      await page.keyboard.press(key);
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Step 3: view the picture larger' })).toBeFocused();
    });
  }

  test('the Close button and a click on the overlay close', async ({ page }) => {
    await openStep(page, 1);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await openStep(page, 1);
    await page.mouse.click(5, 890);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a click on the image does not close', async ({ page }) => {
    await openStep(page, 1);
    const box = await image(page).boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(dialog(page)).toBeVisible();
  });

  test('zoom by 1.5 and rotate by 90 degrees', async ({ page }) => {
    await openStep(page, 2);
    const before = await image(page).evaluate((el) => el.getBoundingClientRect().height);
    await dialog(page).getByRole('button', { name: 'Zoom out' }).click();
    await expect
      .poll(() => image(page).evaluate((el) => Math.round(el.getBoundingClientRect().height)))
      .toBe(Math.round(before / 1.5));
    await dialog(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(() => image(page).evaluate((el) => Math.round(el.getBoundingClientRect().height)))
      .toBe(Math.round(before));
    await dialog(page).getByRole('button', { name: 'Rotate right' }).click();
    await expect(image(page)).toHaveAttribute('style', /rotate\(90deg\)/);
    await dialog(page).getByRole('button', { name: 'Rotate left' }).click();
    await dialog(page).getByRole('button', { name: 'Rotate left' }).click();
    await expect(image(page)).toHaveAttribute('style', /rotate\(-90deg\)/);
  });

  test('the image is fitted into the window, keeping its aspect ratio', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await openStep(page, 1);
    // 360×640 natural; height limit 500 - 8 (paddings) - 20 (position from top) - 120 = 352.
    const size = await image(page).evaluate((el) => ({
      w: (el as HTMLImageElement).width,
      h: (el as HTMLImageElement).height,
    }));
    expect(size.h).toBe(352);
    expect(size.w).toBe(Math.round((360 * 352) / 640));
  });

  test('downloads the picture re-encoded as JPEG', async ({ page }) => {
    await openStep(page, 4);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('button', { name: 'Download picture' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('openID_Login.jpg');
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  test('each image is hidden while it loads', async ({ page }) => {
    const release = await holdRequests(page, '**/assets/images/guide/openid-selection.png');
    await page.goto('/openid/guide/demo'); // again, so the held image is not in the memory cache
    await openStep(page, 2);
    await page.keyboard.press('n');
    await expect(image(page)).toHaveAttribute('data-loaded', 'false');
    await expect(image(page)).toBeHidden();
    await expect(dialog(page).getByRole('status')).toBeVisible();
    release();
    await expect(image(page)).toBeVisible();
  });
});
