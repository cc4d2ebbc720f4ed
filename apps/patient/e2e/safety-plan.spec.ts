import { expect } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { readMail, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { openCrisisPanelByKeyboard, signedInPatientTest, signInPatient } from './support.ts';

const test = signedInPatientTest('safety-plan', 'Robin');

// A fresh patient writes a safety plan, opens it from the crisis panel, meets a save made meanwhile in a second
// browser (both versions shown, combined: nothing lost), and lets a supporter know by e-mail with the previewed text.
test.describe('patient app: my safety plan', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const supporter = `mum-${Date.now()}@example.com`;

  test('writes a safety plan and opens it from the crisis panel', async ({ page }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'My safety plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page
      .getByRole('textbox', { name: /Warning signs/ })
      .fill('Not sleeping\nPulling away from friends');
    await page.getByRole('textbox', { name: /What helps me cope/ }).fill('Music');
    await page.getByRole('textbox', { name: /People I can ask for help/ }).fill(`Mum – ${supporter}`);
    await page.getByRole('textbox', { name: /My reasons for living/ }).fill('My sister');
    await page.getByRole('button', { name: 'Save my plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your safety plan is saved.' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    const panel = await openCrisisPanelByKeyboard(page);
    await panel.getByRole('link', { name: 'Open my safety plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Warning signs/ })).toHaveValue(
      'Not sleeping\nPulling away from friends',
    );
  });

  test('a save from a second browser meanwhile yields the merge view, not a lost edit', async ({
    page,
    patient,
    browser,
    request,
  }) => {
    const other = await (await browser.newContext()).newPage();
    await signInPatient(other, patient);
    await other.goto('/safety-plan');
    await other.getByRole('textbox', { name: /What helps me cope/ }).fill('Music\nWalk the dog');
    await other.getByRole('button', { name: 'Save my plan' }).click();
    await expect(other.getByRole('status').filter({ hasText: 'Your safety plan is saved.' })).toBeVisible();
    await other.context().close();

    await page.getByRole('textbox', { name: /What helps me cope/ }).fill('Music\nA hot bath');
    await page.getByRole('button', { name: 'Save my plan' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Your plan was changed on another device' });
    await expect(conflict).toBeVisible();
    const row = conflict.getByRole('row', { name: /What helps me cope/ });
    await expect(row).toContainText('Walk the dog');
    await expect(row).toContainText('A hot bath');
    await expect(page.getByRole('textbox', { name: /What helps me cope/ })).toHaveValue('Music\nA hot bath');
    await expectNoA11yViolations(page);
    await conflict.getByRole('button', { name: 'Keep both (combine them)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your safety plan is saved.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /What helps me cope/ })).toHaveValue(
      'Music\nWalk the dog\nA hot bath',
    );

    const bearer = await signInByApi(request, patient.email, ['patient']);
    const stored = await request.get(`${API_ROOT}/cloud-document/safety-plan?dataStructureVersion=1`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(
      ((await stored.json()) as { content: { sections: { coping: string[] } } }).content.sections.coping,
    ).toEqual(['Music', 'Walk the dog', 'A hot bath']);
  });

  test('lets someone know: the e-mail arrives in the mailbox with the previewed text', async ({
    page,
    request,
  }) => {
    const section = page.getByRole('region', { name: 'Let someone know' });
    await section.getByRole('radio', { name: `Mum – ${supporter}` }).check();
    await section
      .getByRole('textbox', { name: /A few words of your own/ })
      .fill('Could you give me a call tonight?');
    await section.getByRole('button', { name: 'Show me the e-mail' }).click();
    const preview = section.getByRole('region', { name: `What ${supporter} will receive` });
    await expect(preview).toBeVisible();
    await expectNoA11yViolations(page);
    const previewText = (await preview.getByTestId('welfare-preview-text').innerText()).trim();
    expect(previewText).toContain('Could you give me a call tonight?');
    const since = Date.now();
    await preview.getByRole('button', { name: 'Send it' }).click();
    await expect(
      section.getByRole('status').filter({ hasText: `Your e-mail to ${supporter} is on its way.` }),
    ).toBeVisible();
    const mail = await readMail(request, supporter, since, /([\s\S]+)/);
    const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(normalise(mail)).toContain(normalise(previewText));
  });

  test('a number in the plan is one tap to call or text; one with a digit missing is asked about, as typed', async ({
    page,
  }) => {
    const helpers = page.getByRole('textbox', { name: /People I can ask for help/ });
    await helpers.fill(`Mum – ${supporter}\nDad 07700 9001`);
    await page.getByRole('textbox', { name: /Professionals and services/ }).fill('Samaritans 116 123');
    await page.getByRole('button', { name: 'Save my plan' }).click();
    // Not saved: the form says which number to check, and keeps every line as typed.
    await expect(page.getByText('Check the number “07700 9001”', { exact: false })).toBeVisible();
    await expect(helpers).toHaveValue(`Mum – ${supporter}\nDad 07700 9001`);
    await expectNoA11yViolations(page);

    await helpers.fill(`Mum – ${supporter}\nDad 07700 900123`);
    await page.getByRole('button', { name: 'Save my plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your safety plan is saved.' })).toBeVisible();
    const reach = page.getByRole('region', { name: 'Call or text now' });
    await expect(reach.getByRole('link', { name: 'Call Dad (07700 900123)' })).toHaveAttribute(
      'href',
      'tel:+447700900123',
    );
    await expect(reach.getByRole('link', { name: 'Text Dad (07700 900123)' })).toHaveAttribute(
      'href',
      'sms:+447700900123',
    );
    await expect(reach.getByRole('link', { name: 'Call Samaritans (116 123)' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    // A landline-only line such as Samaritans' takes no text.
    await expect(reach.getByRole('link', { name: /^Text Samaritans/ })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Let someone know by a text: the exact words shown, then opened in the phone's messages app.
    const section = page.getByRole('region', { name: 'Let someone know' });
    await section.getByRole('radio', { name: 'Dad 07700 900123' }).check();
    await section.getByRole('textbox', { name: /A few words of your own/ }).fill('Are you free tonight?');
    const text = section.getByRole('region', { name: 'The text to Dad (07700 900123)' });
    await expect(text.getByTestId('text-preview-text')).toContainText('Are you free tonight?');
    const href = await text.getByRole('link', { name: 'Text Dad' }).getAttribute('href');
    expect(href).toMatch(/^sms:\+447700900123\?&body=/);
    expect(decodeURIComponent(href!.split('body=')[1]!)).toContain('Are you free tonight?');
    // Dad has no e-mail address: no e-mail is offered for him.
    await expect(section.getByRole('button', { name: 'Show me the e-mail' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
