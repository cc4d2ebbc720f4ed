import { expect } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { signedInPatientTest } from './support.ts';

const test = signedInPatientTest('goals', 'Robin');

// A fresh patient writes a goal and their preferences; a change saved meanwhile elsewhere (through the API)
// yields the conflict panel with the edits kept, re-applied over the stored version.
test.describe('patient app: goals and preferences', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('writes a goal and preferences; a save made elsewhere meanwhile is shown, the edits kept and re-applied', async ({
    page,
    patient,
    request,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Goals and preferences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My goals and preferences' })).toBeVisible();
    const goals = page.getByRole('region', { name: 'My goals' });
    await goals.getByRole('button', { name: 'Add a goal' }).click();
    await goals.getByRole('textbox', { name: 'Goal 1' }).fill('Walk three times a week');
    await goals.getByRole('button', { name: 'Save my goals' }).click();
    await expect(goals.getByRole('status').filter({ hasText: 'Your goals are saved.' })).toBeVisible();

    const prefs = page.getByRole('region', { name: 'My preferences' });
    await prefs.getByRole('checkbox', { name: 'Sleep' }).check();
    await prefs.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(prefs.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible();
    await expectNoA11yViolations(page);

    // Meanwhile, another device turns reminders on.
    const bearer = await signInByApi(request, patient.email, ['patient']);
    const read = await request.get(`${API_ROOT}/patient-metadata/preferences`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    const etag = ((await read.json()) as { etag: string }).etag;
    const other = await request.post(`${API_ROOT}/patient-metadata/preferences/action/update-metadata`, {
      headers: { Authorization: `Bearer ${bearer}`, ETag: etag },
      data: { metadataChangeList: [{ op: 'set', path: 'remindersOn', value: true }] },
    });
    expect(other.status(), await other.text()).toBe(200);

    await prefs.getByRole('textbox', { name: /My pronouns/ }).fill('they/them');
    await prefs.getByRole('button', { name: 'Save my preferences' }).click();
    const conflict = prefs.getByRole('alert');
    await expect(conflict.getByRole('row', { name: /My pronouns/ })).toContainText('they/them');
    await expect(prefs.getByRole('textbox', { name: /My pronouns/ })).toHaveValue('they/them');
    await expectNoA11yViolations(page);
    await conflict.getByRole('button').first().click();
    await expect(prefs.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible();

    const stored = await request.get(`${API_ROOT}/patient-metadata/preferences`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(((await stored.json()) as { data: unknown }).data).toMatchObject({
      pronouns: 'they/them',
      remindersOn: true,
      focusAreas: ['sleep'],
    });
  });
});
