import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { severity } from '../../../packages/domain/src/screening/model.ts';
import { ROOT_ADMIN, asAdmin, createOrganisation, createPatientOf, signedInPage } from './support.ts';

interface Chart {
  chartId: string;
  kind: 'line' | 'bar';
  series: Array<{ key: string; name: string }>;
  rows: Array<{ label: string; values: number[] }>;
}
interface Data {
  figures: Array<{ key: string; value: number }>;
  charts: Chart[];
}

const DAY = 86_400_000;
const phq9 = (items: number[]) => {
  const total = items.reduce((a, b) => a + b, 0);
  return { items, total, severity: severity('phq9', total) };
};

/** The view's figures as the server answers them to the administrator (getDashboardEmbedData's data). */
async function serverData(
  request: Parameters<typeof asAdmin>[0],
  viewId: string,
  organisationId: string,
): Promise<Data> {
  const answer = await asAdmin(
    request,
    ROOT_ADMIN,
    'GET',
    `/domo-reporting/dashboard-views/${viewId}/embed-data?organisationId=${organisationId}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: Data }).data;
}

/** The numbers of a chart's table (each body row's value cells), and of the chart's drawn value labels per series. */
async function tableValues(panel: Locator): Promise<number[][]> {
  const rows = panel.getByTestId('chart-table').locator('tbody tr');
  const out: number[][] = [];
  for (const row of await rows.all()) out.push((await row.locator('td').allTextContents()).map(Number));
  return out;
}

async function drawnValues(panel: Locator, chart: Chart): Promise<number[][]> {
  // The values written on the bars or points (every text of the chart but the axes' ticks), series after series.
  const labels = panel.getByTestId('chart').locator('svg text:not(.recharts-cartesian-axis-tick-value)');
  await expect(labels).toHaveCount(chart.series.length * chart.rows.length);
  const all = (await labels.allTextContents()).map(Number);
  return chart.rows.map((_, i) => chart.series.map((_s, j) => all[j * chart.rows.length + i]!));
}

async function expectViewMatchesServer(page: Page, data: Data) {
  for (const chart of data.charts) {
    const panel = page.locator(`[data-chart="${chart.chartId}"]`);
    await expect(panel.getByTestId('chart-table').locator('tbody tr')).toHaveCount(chart.rows.length);
    const server = chart.rows.map((r) => r.values);
    expect(await tableValues(panel), `table of ${chart.chartId}`).toEqual(server);
    expect(await drawnValues(panel, chart), `chart of ${chart.chartId}`).toEqual(server);
  }
  for (const figure of data.figures) {
    await expect(page.getByTestId('figures')).toContainText(String(figure.value));
  }
}

// The dashboards of a fresh organisation whose one patient screened twice (PHQ-9 15, then 8: out of caseness
// with reliable improvement), so nothing another spec does changes its figures.
test.describe('dashboards', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let page: Page;
  let organisationId: string;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(150_000);
    organisationId = await createOrganisation(request, `E2E Dashboards ${Date.now()}`);
    const patient = await createPatientOf(request, organisationId, 'Dana');
    const bearer = await signInByApi(request, patient.email, ['patient']);
    const log = async (eventType: string, body: Record<string, unknown>, start: number) => {
      const momentId = `e2e-dash-${start}-${Math.random().toString(36).slice(2, 8)}`;
      const response = await request.post(`${API_ROOT}/moments/add?eventType=${eventType}`, {
        headers: { Authorization: `Bearer ${bearer}` },
        data: { momentId, eventType, start, end: start, body },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
    };
    await log('phq9', phq9([2, 2, 2, 2, 2, 2, 2, 1, 0]), Date.now() - 20 * DAY);
    await log('phq9', phq9([1, 1, 1, 1, 1, 1, 1, 1, 0]), Date.now() - DAY);
    page = await signedInPage(browser, ROOT_ADMIN);
  });
  test.afterAll(() => page.context().close());

  test('the screening view draws the server’s numbers, as chart and as table, and downloads what is drawn', async ({
    request,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboards – Tend Admin');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('chart-table').first()).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/dashboards/screening?organisation=${organisationId}`);
    await expect(page.getByRole('tab', { name: 'Screening outcomes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const data = await serverData(request, 'screening', organisationId);
    const outcomes = data.charts.find((c) => c.chartId === 'phq9-outcomes')!;
    // the figures the organisation's one patient makes: first 15 (at caseness), last 8
    expect(Object.fromEntries(outcomes.rows.map((r) => [r.label, r.values[0]]))).toEqual({
      measured: 1,
      atCaseness: 1,
      movedOutOfCaseness: 1,
      reliableImprovement: 1,
      reliableDeterioration: 0,
      reliableRecovery: 1,
    });
    await expectViewMatchesServer(page, data);
    const table = page.getByRole('table', { name: 'PHQ-9: first and last result compared' });
    await expect(table.getByRole('row', { name: /Moved out of caseness/ })).toContainText('1');
    await expect(
      page
        .getByRole('table', { name: 'PHQ-9: patients by band of their latest result' })
        .getByRole('row', { name: /Mild/ }),
    ).toContainText('1');
    await expectNoA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV: PHQ-9: first and last result compared' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^tend-screening-phq9-outcomes-e2e-dashboards-\d+-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.trim().split('\r\n')).toEqual([
      'Patients who,Patients',
      'Had two or more results,1',
      'Were at caseness at the first,1',
      'Moved out of caseness,1',
      'Improved reliably,1',
      'Deteriorated reliably,0',
      'Recovered reliably,1',
    ]);
  });

  test('engagement and chat activity: chart and table agree with the server; the tabs work from the keyboard', async ({
    request,
  }) => {
    await page.getByRole('tab', { name: 'Screening outcomes' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Engagement' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/dashboards/engagement\\?organisation=${organisationId}$`));
    await expect(page.locator('[data-chart="engagement-per-week"]')).toBeVisible();
    const engagement = await serverData(request, 'engagement', organisationId);
    expect(engagement.charts[0]!.rows.reduce((n, r) => n + r.values[1]!, 0)).toBe(2);
    await expectViewMatchesServer(page, engagement);
    await expectNoA11yViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Chat activity' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-chart="messages-per-week"]')).toBeVisible();
    await expectViewMatchesServer(page, await serverData(request, 'chat-activity', organisationId));
    await expect(
      page.getByRole('table', { name: 'Chat messages per week' }).getByRole('columnheader'),
    ).toHaveText(['Week starting', 'From patients', 'From therapists']);
    await expectNoA11yViolations(page);
  });
});
