import { expect } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { serverMoments, signedInPatientTest } from './support.ts';

const test = signedInPatientTest('logging', 'Robin');

// A check-up logged and seen on Today and the timeline (edited, never duplicated); a journal entry written,
// edited and read (as text).
test.describe('patient app: check-up and journal', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a check-up is logged, shown on Today and the timeline, and editing it keeps one entry', async ({
    page,
    patient,
    request,
  }) => {
    await expect(page.getByText('How are you today?')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: "Do today's check-up" }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Daily check-up' })).toBeVisible();
    await expectNoA11yViolations(page);
    // Mood is needed: the form says so and keeps what was typed.
    await page.getByLabel('Note').fill('Slept better than last week.');
    await page.getByRole('button', { name: 'Save check-up' }).click();
    await expect(page.getByText('Choose how your mood is today.')).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveValue('Slept better than last week.');
    await page.getByRole('radiogroup', { name: 'Mood' }).getByLabel('Good', { exact: true }).check();
    await page.locator('label', { hasText: 'Hopeful' }).click();
    await page.getByRole('button', { name: 'Save check-up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your check-up is saved.' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByText('You have checked in today. Mood: Good.')).toBeVisible();
    await page.getByRole('link', { name: "Change today's check-up" }).click();
    await expect(page.getByText('You have already checked in today.')).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveValue('Slept better than last week.');
    await page.getByRole('radiogroup', { name: 'Mood' }).getByLabel('Very good', { exact: true }).check();
    await page.getByRole('button', { name: "Update today's check-up" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your check-up is saved.' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Your timeline' });
    await expect(timeline.getByText('Mood: Very good')).toBeVisible();
    await expectNoA11yViolations(page);
    await timeline.getByText('Mood: Very good').click();
    const detail = page.getByRole('dialog', { name: 'Entry' });
    await expect(detail.getByText('Slept better than last week.')).toBeVisible();
    await page.keyboard.press('Escape');

    const checkups = await serverMoments(request, patient, ['checkup']);
    expect(checkups).toHaveLength(1);
    expect(checkups[0]!.body).toMatchObject({
      mood: 5,
      feelings: ['hopeful'],
      note: 'Slept better than last week.',
    });
  });

  test('a journal entry is written, read as text, and edited', async ({ page, patient, request }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Journal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'New journal entry' }).click();
    await page.getByLabel('Title (optional)').fill('A <b>better</b> day');
    await page.getByLabel('Your entry').fill('Went for a walk by the river.\nFelt calmer afterwards.');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'A <b>better</b> day' })).toBeVisible();
    await expect(page.locator('b', { hasText: 'better' })).toHaveCount(0);
    await expect(page.getByText(/Went for a walk by the river/)).toBeVisible();

    await page.getByRole('button', { name: 'Edit entry' }).click();
    await page.getByLabel('Your entry').fill('Went for a walk by the river with Sam.');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByText('Went for a walk by the river with Sam.')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Back to your journal' }).click();
    await page.getByRole('region', { name: 'Journal entries' }).getByText('A <b>better</b> day').click();
    await expect(page.getByText('Went for a walk by the river with Sam.')).toBeVisible();
    // Opened on its own (a reload, a shared link): the entry alone is asked for, not the journal's pages.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/moments')) asked.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'A <b>better</b> day' })).toBeVisible();
    await expect(page.getByText('Went for a walk by the river with Sam.')).toBeVisible();
    expect(asked.filter((p) => p.endsWith(`/patients/${patient.userId}/moments`))).toEqual([]);
    expect(asked.filter((p) => p.startsWith(`/patients/${patient.userId}/moments/`))).toHaveLength(1);

    const entries = await serverMoments(request, patient, ['journal']);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toMatchObject({
      title: 'A <b>better</b> day',
      text: 'Went for a walk by the river with Sam.',
    });
  });
});
