import { expect, type APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { joinDemoTherapist, signedInPatientTest } from './support.ts';

let therapistBearer: string;
const test = signedInPatientTest('welfare', 'Jules', {
  prepare: async (request, patient) => {
    therapistBearer = await joinDemoTherapist(request, patient);
  },
});

// The welfare contact: the patient names the person their care team may e-mail about their welfare (reading
// what that person will and will not be told), their therapist previews and sends the welfare e-mail, it
// reaches the development mailbox, and the patient sees it recorded; then the patient changes and withdraws
// the contact, after which the care team can no longer send one. A fresh patient.
test.describe('patient app: welfare contact', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const contact = `welfare-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

  const asTherapist = (request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: object) =>
    request.fetch(`${API_ROOT}${path}`, {
      method,
      headers: { Authorization: `Bearer ${therapistBearer}` },
      ...(data ? { data } : {}),
    });

  test('the patient names their contact, with plain words on what that person will be told', async ({
    page,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'My care team' }).click();
    await page.getByRole('link', { name: 'Choose who' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Someone to check in on you' })).toBeVisible();
    await expect(
      page.getByText('anything about your health, your scores or how you have been feeling;'),
    ).toBeVisible();
    await expect(page.getByText('You have not named anyone.', { exact: false })).toBeVisible();
    await expect(page.getByText('Your care team has not sent any welfare e-mail.')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please write their name.')).toBeVisible();
    await page.getByLabel('Their name').fill('Kim Lee');
    await page.getByLabel('How you know them (optional)').fill('friend');
    await page.getByLabel('Their e-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please write a full e-mail address, like name@example.com.')).toBeVisible();
    await page.getByLabel('Their e-mail address').fill(contact);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Kim Lee (friend), ${contact}`)).toBeVisible();
  });

  test('the therapist previews and sends the welfare e-mail; it reaches the mailbox and the patient sees it', async ({
    page,
    patient,
    request,
  }) => {
    const preview = await asTherapist(request, 'GET', `/patients/${patient.userId}/welfare-email-preview`);
    expect(preview.status(), await preview.text()).toBe(200);
    const shown = (await preview.json()) as {
      to: { email: string; relationship?: string };
      subject: string;
      text: string;
    };
    expect(shown.to).toMatchObject({ email: contact, relationship: 'friend' });
    const since = Date.now();
    const sent = await asTherapist(request, 'POST', '/social/welfareEmail', {
      patientId: patient.userId,
      targetEmailAddresses: [contact],
      careFirstStyleEmail: true,
    });
    expect(sent.status(), await sent.text()).toBe(202);
    await expect
      .poll(async () => {
        const mails = (await (
          await request.get(`${API_ROOT}/dev/mailbox?to=${encodeURIComponent(contact)}`)
        ).json()) as Array<{ subject: string; text?: string; date: string }>;
        return mails.filter((m) => Date.parse(m.date) >= since - 2_000).map((m) => m.subject);
      })
      .toEqual([`Could you check in on ${patient.firstName}?`]);

    await page.reload();
    const record = page.getByRole('region', { name: 'E-mails your care team sent' });
    await expect(record.getByText(new RegExp(`wrote to ${contact.replace(/[.]/g, '\\.')}\\.`))).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the patient changes, then withdraws the contact; the care team can no longer send one', async ({
    page,
    patient,
    request,
  }) => {
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('How you know them (optional)').fill('sister');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Kim Lee (sister), ${contact}`)).toBeVisible();

    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByText('Your care team will no longer be able to e-mail Kim Lee about you.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed. Your care team cannot e-mail anyone about you.')).toBeVisible();
    // The record of what was sent stays.
    await expect(
      page.getByRole('region', { name: 'E-mails your care team sent' }).getByRole('listitem'),
    ).toHaveCount(1);
    const preview = await asTherapist(request, 'GET', `/patients/${patient.userId}/welfare-email-preview`);
    expect(preview.status()).toBe(409);
  });
});
