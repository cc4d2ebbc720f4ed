import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { failNextRequest, pollMailbox } from './support.ts';

test.describe('e-mail pages', () => {
  test('subscribe, confirm by the e-mailed link, then unsubscribe; a failed send keeps the address', async ({
    page,
    request,
  }) => {
    const email = `news-${Date.now()}@example.com`;
    await page.goto(`/email/subscribe?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('textbox', { name: /E-mail address/ })).toHaveValue(email);

    await failNextRequest(page, '**/email/subscribe/**', 'Try again soon.');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // The app's words, never the server's text.
    await expect(page.getByRole('alert')).toContainText('could not be sent');
    await expect(page.getByRole('alert')).not.toContainText('Try again soon.');
    await expect(page.getByRole('textbox', { name: /E-mail address/ })).toHaveValue(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(`You're subscribed. We've sent the e-mails to ${email}.`)).toBeVisible();
    await expectNoA11yViolations(page);

    // The confirmation e-mail carries a JWT link (to unsubscribe); the public page confirms it.
    const token = await pollMailbox(
      request,
      email,
      (texts) =>
        texts.map((text) => /\/email\/update\/jwt\/([A-Za-z0-9._-]+)/.exec(text)?.[1]).find(Boolean) ?? '',
    );
    await page.goto(`/email/update?token=${token}`);
    await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/email/unsubscribe?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      page.getByText(`You've been unsubscribed. ${email} won't receive our e-mails any more.`),
    ).toBeVisible();
  });

  test('a bad update link shows the failure with a retry', async ({ page }) => {
    await page.goto('/email/update?token=not-a-jwt');
    await expect(page.getByRole('alert')).toContainText('We could not confirm your e-mail address');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
