import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { failNextRequest } from './support.ts';

/** Makes the next send of a form fail once, as a flaky network or server would. */
const failNextSend = (page: Page, pattern: string) =>
  failNextRequest(page, pattern, 'The service is busy.', 'POST');

/** Opens the callback form at `link` (its token and group), types a name and a phone number, and sends it. */
async function sendCallbackRequest(page: Page, link: string, typed: { name: string; phone: string }) {
  await page.goto(link);
  await page.getByRole('textbox', { name: /Your name/ }).fill(typed.name);
  await page.getByRole('textbox', { name: /Phone number/ }).fill(typed.phone);
  await page.getByRole('button', { name: 'Send' }).click();
}

test.describe('contact forms', () => {
  test('request access: validation, a failed send keeps everything, then success', async ({ page }) => {
    await page.goto('/contact/access');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please fill this in.')).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: /Message/ })).toBeFocused();
    await page.getByRole('radio', { name: 'Representing an organisation' }).check();
    await page
      .getByRole('textbox', { name: /Message/ })
      .fill('We are a school and would like to offer Tend to our staff.');
    await page.getByRole('textbox', { name: /E-mail address/ }).fill('head@school');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter an e-mail address, like name@example.com.')).toBeVisible();
    await page.getByRole('textbox', { name: /E-mail address/ }).fill('head@school.example');
    await page.getByRole('checkbox', { name: 'You may contact me about my request' }).check();
    await expectNoA11yViolations(page);

    await failNextSend(page, '**/contact/action/request-access/**');
    await page.getByRole('button', { name: 'Send' }).click();
    // The app's words, never the server's own text.
    await expect(page.getByRole('alert')).toContainText('could not be sent');
    await expect(page.getByRole('alert')).not.toContainText('The service is busy.');
    await expect(page.getByRole('textbox', { name: /Message/ })).toHaveValue(
      'We are a school and would like to offer Tend to our staff.',
    );
    await expect(page.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('head@school.example');
    await expect(page.getByRole('radio', { name: 'Representing an organisation' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'You may contact me about my request' })).toBeChecked();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/We've received your request/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('request a callback: a failed send keeps everything, then success', async ({ page }) => {
    await sendCallbackRequest(page, '/contact/callback?token=demo-contact-token&callbackGroup=care-team', {
      name: 'Sam Patel',
      phone: '12',
    });
    await expect(page.getByText('is not a valid phone number')).toBeVisible();
    await page.getByRole('textbox', { name: /Phone number/ }).fill('+44 20 7946 0000');
    await page.getByRole('combobox', { name: 'Best time to call' }).selectOption('morning');
    await page.getByRole('textbox', { name: /Anything we should know/ }).fill('Mornings are best.');

    await failNextSend(page, '**/contact/action/request-callback**');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toContainText('could not be sent');
    await expect(page.getByRole('textbox', { name: /Your name/ })).toHaveValue('Sam Patel');
    await expect(page.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+44 20 7946 0000');
    await expect(page.getByRole('textbox', { name: /Anything we should know/ })).toHaveValue(
      'Mornings are best.',
    );

    await page.getByRole('button', { name: 'Send' }).click();
    // Who receives it is named: the Tend team, never a care team the person may not have.
    await expect(
      page.getByText('Thank you. The Tend team has your request and will call you back as soon as they can.'),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('request a callback with an unknown link says the link is not valid', async ({ page }) => {
    await sendCallbackRequest(page, '/contact/callback?token=no-such-token&callbackGroup=care', {
      name: 'Sam',
      phone: '07700 900000',
    });
    await expect(page.getByRole('alert')).toContainText('This link is not valid any more');
    await expect(page.getByRole('textbox', { name: /Your name/ })).toHaveValue('Sam');
  });

  test('request a check-in: a failed send keeps everything, then success', async ({ page }) => {
    await page.goto('/contact/check-in?token=demo-contact-token');
    await page.getByRole('textbox', { name: /Your name/ }).fill('Sam');
    await page
      .getByRole('textbox', { name: /What would you like to talk about/ })
      .fill('I have not been sleeping well.');
    await page.getByRole('textbox', { name: /E-mail address/ }).fill('sam@example.com');
    await expectNoA11yViolations(page);

    await failNextSend(page, '**/contact/action/request-check-in**');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toContainText('could not be sent');
    await expect(page.getByRole('textbox', { name: /What would you like to talk about/ })).toHaveValue(
      'I have not been sleeping well.',
    );
    await expect(page.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('sam@example.com');

    // Try again sends the same request.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByText('Thank you. The Tend team has your request and will check in with you soon.'),
    ).toBeVisible();
  });

  test('a contact link without its token says so', async ({ page }) => {
    await page.goto('/contact/check-in');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
    await expectNoA11yViolations(page);
  });
});
