import { expect, test } from '@playwright/test';
import { API_ROOT } from '../../../e2e/support/server.ts';

test('the server answers /server-status', async ({ request }) => {
  const response = await request.get(`${API_ROOT}/server-status`);
  expect(response.status()).toBe(200);
});
