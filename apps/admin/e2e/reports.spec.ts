import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import {
  DATA_EXPORT_USER,
  createUser,
  enrolTotpByApi,
  keptSession,
} from '../../../packages/auth/e2e/accounts.ts';
import { ROOT_ADMIN, asAdmin, createOrganisation, signedInPage } from './support.ts';

interface ReportView {
  reportId: string;
  name: string;
  status: string;
  error: string | null;
}

/** The 1st of last month and of this month (UTC): a period with a report row for every organisation. */
function lastMonth() {
  const now = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
  };
}

async function reportOf(request: APIRequestContext, id: string): Promise<ReportView> {
  const answer = await asAdmin(request, ROOT_ADMIN, 'GET', `/reporting/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ReportView;
}

/**
 * A report that fails for real: asked for by an administrator of `organisation` whose account is erased right
 * after (before the job queue, which polls every 5 s, runs it): the job refuses a report nobody answers for.
 * When the queue happened to run it in between (it then succeeds), the same is done again with a new account.
 */
async function failedReport(request: APIRequestContext, organisation: string, name: string): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const email = `e2e-reports-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const admin = await createUser(request, {
      email,
      firstName: 'Robin',
      lastName: 'Erased',
      scopes: ['org-admin'],
      organisationId: organisation,
    });
    const { token } = await enrolTotpByApi(request, email, ['org-admin']);
    const created = await request.post(`${API_ROOT}/reporting`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, type: 'usage', organisationIds: [organisation], ...lastMonth() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { reportId } = (await created.json()) as ReportView;
    const erased = await request.delete(`${API_ROOT}/users/data?userId=${encodeURIComponent(admin.userId)}`, {
      headers: { Authorization: `Bearer ${await keptSession(request, DATA_EXPORT_USER, ['data-export'])}` },
    });
    expect(erased.status(), await erased.text()).toBe(204);
    await expect
      .poll(async () => (await reportOf(request, reportId)).status, { timeout: 30_000 })
      .toMatch(/^(failed|succeeded)$/);
    if ((await reportOf(request, reportId)).status === 'failed') return reportId;
  }
  throw new Error('The job queue ran each report before its requester was erased');
}

const row = (page: Page, name: string) =>
  page.getByTestId('report-row').filter({ has: page.getByText(name, { exact: true }) });

test.describe('reports', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let page: Page;
  let organisation: string;
  const stamp = Date.now();
  const organisationName = `E2E reports ${stamp}`;
  const made = `Usage ${stamp}`;
  const renamed = `Usage, last month ${stamp}`;
  const other = `Engagement ${stamp}`;
  const failing = `Orphaned ${stamp}`;
  let failedId = '';

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(180_000);
    organisation = await createOrganisation(request, organisationName);
    const second = await asAdmin(request, ROOT_ADMIN, 'POST', '/reporting', {
      name: other,
      type: 'engagement',
      organisationIds: [organisation],
      ...lastMonth(),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    failedId = await failedReport(request, organisation, failing);
    page = await signedInPage(browser, ROOT_ADMIN, { timezoneId: 'Europe/London' });
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('a report is checked, created, shown waiting and then ready without a reload, and renamed', async () => {
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(row(page, other)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'New report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('textbox', { name: 'Name' }).fill(made);
    const organisations = page.getByRole('combobox', { name: 'Organisations' });
    await organisations.fill(organisationName);
    await page.getByRole('option', { name: organisationName }).click();
    await page.keyboard.press('Escape');
    // the server's check, each problem next to its field; what was typed stays
    const { from, to } = lastMonth();
    await page.getByLabel('From (included)').fill(to);
    await page.getByLabel('To (not included)').fill(from);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('Some details need changing')).toBeVisible();
    await expect(page.getByLabel('To (not included)')).toHaveAccessibleDescription(
      /The end date must be after the start date\./,
    );
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(made);
    await expectNoA11yViolations(page);
    await page.getByLabel('From (included)').fill(from);
    await page.getByLabel('To (not included)').fill(to);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('Everything looks right.')).toBeVisible();
    await page.getByRole('button', { name: 'Make report' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const mine = row(page, made);
    await expect(mine.getByTestId('report-status')).toHaveText(/Waiting to start|Being made/);
    await expect(
      mine
        .getByRole('progressbar', { name: `Progress of ${made}: Waiting to start` })
        .or(mine.getByRole('progressbar', { name: `Progress of ${made}: Being made` })),
    ).toBeVisible();
    await expect(mine.getByTestId('report-status')).toHaveText('Ready', { timeout: 30_000 });
    await expect(page.getByTestId('report-announcer')).toHaveText(`${made} is ready to download.`);
    await expect(mine.getByRole('progressbar', { name: `Progress of ${made}: Ready` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    await mine.getByRole('button', { name: `Rename ${made}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename report' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(made);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, renamed)).toBeVisible();
  });

  test('two ready reports download as one ZIP holding their CSVs', async () => {
    await expect(row(page, other).getByTestId('report-status')).toHaveText('Ready', { timeout: 30_000 });
    await page.getByRole('checkbox', { name: `Select ${renamed} for download` }).check();
    await page.getByRole('checkbox', { name: `Select ${other} for download` }).check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download 2 reports as ZIP' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tend-reports-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual([`${other}.csv`, `${renamed}.csv`].sort());
    const usage = strFromU8(files[`${renamed}.csv`]!).split('\r\n');
    expect(usage[0]).toBe(
      'organisation_id,organisation_name,patients,active_patients,therapists,moments,journals,checkups,screenings',
    );
    expect(usage[1]).toBe(`${organisation},${organisationName},0,0,0,0,0,0,0`);
    await expect(page.getByTestId('report-announcer')).toHaveText(/tend-reports-.*\.zip downloaded\./);
  });

  test('a failed report says why and is tried again until ready', async () => {
    const failed = row(page, failing);
    await expect(failed.getByTestId('report-status')).toHaveText('Failed');
    await expect(
      failed.getByText('The account that asked for this report has been erased.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Select ${failing} for download` })).toBeDisabled();
    await expectNoA11yViolations(page);
    await failed.getByRole('button', { name: `Try ${failing} again` }).click();
    await expect(failed.getByTestId('report-status')).toHaveText(/Waiting to start|Being made|Ready/);
    await expect(failed.getByTestId('report-status')).toHaveText('Ready', { timeout: 30_000 });
    expect((await reportOf(page.request, failedId)).status).toBe('succeeded');
  });

  test('the schedule is saved in one timezone and read back as the same instant in another', async ({
    browser,
    request,
  }) => {
    await page.goto(`/reports/schedule?organisation=${organisation}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled reports' })).toBeVisible();
    await expect(page.getByText('In your timezone (Europe/London).')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('switch', { name: 'Make this report regularly' }).check();
    const choose = async (p: Page, name: string, option: string) => {
      await p.getByRole('combobox', { name }).click();
      await p.getByRole('option', { name: option, exact: true }).click();
    };
    await choose(page, 'How often', 'Every week');
    await choose(page, 'Day of the week', 'Sunday');
    await choose(page, 'Time', '23:00');
    await page
      .getByRole('textbox', { name: 'Who to tell' })
      .fill(`lead-${stamp}@example.com\nnot an address`);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('not is not an e-mail address.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Who to tell' }).fill(`lead-${stamp}@example.com`);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Schedule saved.')).toBeVisible();

    // the instant the server keeps, as each timezone shows it
    const saved = (
      await asAdmin(
        request,
        ROOT_ADMIN,
        'GET',
        `/reporting/report-scheduler/get?organisationId=${organisation}`,
      )
    ).body as { nextRunAt: string; recipients: string[] };
    expect(saved.recipients).toEqual([`lead-${stamp}@example.com`]);
    const at = (timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(saved.nextRunAt));
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
    };
    expect(at('Europe/London')).toEqual({ weekday: 'Sunday', time: '23:00' });

    const tokyo = await signedInPage(browser, ROOT_ADMIN, { timezoneId: 'Asia/Tokyo' });
    try {
      await tokyo.goto(`/reports/schedule?organisation=${organisation}`);
      await expect(tokyo.getByText('In your timezone (Asia/Tokyo).')).toBeVisible();
      const there = at('Asia/Tokyo');
      await expect(tokyo.getByRole('combobox', { name: 'Time' })).toHaveValue(there.time);
      await expect(tokyo.getByRole('combobox', { name: 'Day of the week' })).toHaveValue(there.weekday);
      await expect(tokyo.getByRole('switch', { name: 'Make this report regularly' })).toBeChecked();
      await expect(tokyo.getByRole('textbox', { name: 'Who to tell' })).toHaveValue(
        `lead-${stamp}@example.com`,
      );
      await expect(tokyo.getByTestId('schedule-runs')).toContainText(there.time);
      await expect(page.getByTestId('schedule-runs')).toContainText('23:00');
      // no scheduled report has run for the new organisation yet
      await tokyo.getByRole('button', { name: 'Download the latest scheduled report' }).click();
      await expect(
        tokyo.getByText('No scheduled report has been made yet for this organisation.'),
      ).toBeVisible();
      await expectNoA11yViolations(tokyo);
    } finally {
      await tokyo.context().close();
    }
  });
});
