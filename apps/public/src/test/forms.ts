import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * The e-mail field's check, as every form of the site with one makes it: `typed` (not an address) in the
 * E-mail address field, the form sent with its `send` button, and the field's message shown.
 */
export async function expectNotAnEmailRefused(user: UserEvent, typed: string, send: string) {
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), typed);
  await user.click(screen.getByRole('button', { name: send }));
  expect(
    await screen.findByText('Please enter an e-mail address, like name@example.com.'),
  ).toBeInTheDocument();
}
