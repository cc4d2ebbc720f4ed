/**
 * My chats with more chats than one page, against the real stack: the list is virtualised and read a page at
 * a time (the keyset cursor), the next page loads as the therapist scrolls to its end; the Chats badge counts
 * the unread messages of a chat that is not loaded yet (the server's total); a long unbroken name wraps at
 * 320 px. axe on the list, wide and narrow.
 *
 * A fresh therapist and fresh patients (on their caseload by the access code), each chat with its opening
 * request unread: the first chat (the oldest activity, so the last in the list, beyond the first page) has one
 * more message from its patient; every chat is ended when the spec ends.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { createUser, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { newTherapist, takeOn, signInTherapist, type TestTherapist } from './support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** One more than two pages' worth would be slow to make; one page (30) and two more is enough. */
const CHATS = 32;
const stamp = Date.now().toString(36);
const LONG_NAME = `Unbroken${'x'.repeat(60)}${stamp}`;

interface Patient {
  name: string;
  bearer: string;
  chatSessionId: string;
}

const as = (bearer: string) => ({ headers: { Authorization: `Bearer ${bearer}` } });

/** A new patient on the therapist's caseload whose chat request the therapist accepted. */
async function patientInChat(
  request: APIRequestContext,
  therapist: TestTherapist,
  index: number,
  lastName = `List${String(index).padStart(2, '0')}${stamp}`,
): Promise<Patient> {
  const firstName = 'Robin';
  const user = await createUser(request, {
    email: `chat-list-${index}-${stamp}@example.com`,
    firstName,
    lastName,
    scopes: ['patient'],
  });
  const bearer = await signInByApi(request, user.email, ['patient']);
  await takeOn(request, therapist, bearer, [200]);
  const requested = await request.post(`${API_ROOT}/patient/chat/request-chat`, {
    ...as(bearer),
    data: { message: 'Could we talk?' },
  });
  expect(requested.status(), await requested.text()).toBeLessThan(300);
  const { requestId } = (await requested.json()) as { requestId: string };
  const accepted = await request.get(
    `${API_ROOT}/therapist/chat-requests/${requestId}/accept`,
    as(therapist.token),
  );
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { chatSessionId } = (await accepted.json()) as { chatSessionId: string };
  return { name: `${firstName} ${lastName}`, bearer, chatSessionId };
}

let page: Page;
let request: APIRequestContext;
let patients: Patient[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(420_000);
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 1280, height: 900 },
  });
  request = context.request;
  page = await context.newPage();
  const therapist = await newTherapist(request);
  // The oldest chat first, with a message from its patient that the therapist has not read.
  const oldest = await patientInChat(request, therapist, 0, LONG_NAME);
  const sent = await request.put(`${API_ROOT}/chats/${oldest.chatSessionId}/messages/list-${stamp}`, {
    ...as(oldest.bearer),
    data: { messageBody: 'Are you there?' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  patients = [oldest];
  // The others after it (newer activity), four at a time (more at once overloads the Auth emulator).
  for (let i = 1; i < CHATS; i += 4) {
    const batch = Array.from({ length: Math.min(4, CHATS - i) }, (_, j) => i + j);
    patients.push(...(await Promise.all(batch.map((n) => patientInChat(request, therapist, n)))));
  }
  await signInTherapist(page, therapist, '/chats');
});

test.afterAll(async () => {
  for (const p of patients) await request.post(`${API_ROOT}/patient/chat/end-chat`, as(p.bearer));
  await page?.context().close();
});

test('my chats load a page at a time as I scroll; the badge counts a chat not loaded yet', async () => {
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/therapist/v2/chats')) pages.push(r.url());
  });
  const list = page.getByRole('region', { name: 'My open chats' });
  await expect(list.getByTestId('my-chat-row').first()).toBeVisible();
  // Every chat's opening request is unread (1 each), the oldest chat has one more; the oldest is not on
  // the first page, yet the badge counts all of them (the server's total, not the loaded rows' sum).
  await expect(
    page.getByRole('navigation').getByRole('link', { name: `Chats ${CHATS + 1} unread` }),
  ).toBeVisible({ timeout: 30_000 });
  const oldest = list.getByRole('link', { name: new RegExp(`Robin ${LONG_NAME}`) });
  await expect(oldest).toHaveCount(0);
  // Virtualised: only the rows in view (and a few beyond) are in the page.
  expect(await list.getByTestId('my-chat-row').count()).toBeLessThan(CHATS);
  expect(pages.every((url) => !url.includes('paginationCursor'))).toBe(true);
  await expectNoA11yViolations(page);

  // Scrolling to the end reads the next page.
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(oldest).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(pages.some((url) => url.includes('paginationCursor'))).toBe(true);
  await expect(oldest).toContainText('2 unread');
  await expect(oldest).toContainText('Are you there?');
  const rows = list.getByTestId('my-chat-row');
  await expect(rows.last()).toHaveAttribute('aria-setsize', String(CHATS));
  await expectNoA11yViolations(page);

  await oldest.click();
  await expect(page.getByRole('heading', { level: 1, name: `Chat with Robin ${LONG_NAME}` })).toBeVisible();
});

test('at 320 px a long unbroken name wraps and nothing scrolls sideways', async () => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/chats');
  const list = page.getByRole('region', { name: 'My open chats' });
  await expect(list.getByTestId('my-chat-row').first()).toBeVisible();
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(list.getByRole('link', { name: new RegExp(LONG_NAME) })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await list.getByRole('link', { name: new RegExp(LONG_NAME) }).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(page);
});
