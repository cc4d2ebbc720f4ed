import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardEmbed } from '@tend/api/model';
import { messagesPerWeekChart } from '@tend/domain/testing';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/dashboards/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, dashboards: en };
const admin = testSession('admin@example.com', ['org-admin']);
const views = http.get('*/domo-reporting/dashboard-views', () =>
  HttpResponse.json({
    items: [
      { viewId: 'overview', name: 'Overview', description: 'x' },
      { viewId: 'chat-activity', name: 'Chat activity', description: 'x' },
    ],
  }),
);
const organisations = (items: Array<{ id: string; name: string }>) =>
  http.get('*/organisation/list', () => HttpResponse.json({ items, lastPage: null }));
const embed = (viewId: string, values: number[][]): DashboardEmbed => ({
  viewId,
  embedUrl: 'http://localhost:8080/dashboards/embed/x?token=t',
  expiresAt: '2026-11-24T10:00:00Z',
  data: {
    organisationId: 'org-1',
    organisationName: 'Tend Health',
    generatedAt: '2026-11-24T09:50:00Z',
    from: '2026-09-07',
    to: '2026-11-24',
    figures: [
      { key: 'chatRequests', name: 'Chats started (12 weeks)', value: values.reduce((n, r) => n + r[0]!, 0) },
    ],
    charts: [
      messagesPerWeekChart(
        values.map((v, i) => ({ label: `2026-11-${String(9 + i * 7).padStart(2, '0')}`, values: v })),
      ),
    ],
  },
});

describe('dashboards', () => {
  it('draws a view as a chart with the table of the same numbers, dates as calendar days', async () => {
    const asked: string[] = [];
    server.use(
      views,
      organisations([{ id: 'org-1', name: 'Tend Health' }]),
      http.get('*/domo-reporting/dashboard-views/:viewId/embed-data', ({ params, request }) => {
        asked.push(`${String(params.viewId)}${new URL(request.url).search}`);
        return HttpResponse.json(
          embed(String(params.viewId), [
            [3, 1],
            [0, 4],
          ]),
        );
      }),
    );
    renderPortal(portal, '/dashboards/chat-activity', { translations, signedIn: admin });
    const table = await screen.findByRole('table', { name: 'Chat messages per week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Week starting', 'From patients', 'From therapists']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['9 Nov 2026', '3', '1'],
      ['16 Nov 2026', '0', '4'],
    ]);
    expect(screen.getByRole('tab', { name: 'Chat activity' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV: Chat messages per week' })).toBeInTheDocument();
    expect(screen.getByText('Chats started (12 weeks)')).toBeInTheDocument();
    // one organisation: no picker, the server's default
    expect(screen.queryAllByLabelText(/^Organisation/)).toHaveLength(0);
    expect(asked).toEqual(['chat-activity']);
  });

  it('says when there is nothing yet, and offers the organisations when the admin runs several', async () => {
    server.use(
      views,
      organisations([
        { id: 'org-1', name: 'Tend Health' },
        { id: 'org-2', name: 'Elsewhere' },
      ]),
      http.get('*/domo-reporting/dashboard-views/:viewId/embed-data', ({ params }) =>
        HttpResponse.json(embed(String(params.viewId), [[0, 0]])),
      ),
    );
    renderPortal(portal, '/dashboards', { translations, signedIn: admin });
    expect(
      await screen.findByText(
        'There is nothing to show for this period yet. Figures appear here once patients use Tend.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No activity in this period yet.')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Organisation/)[0]).toHaveValue('Tend Health');
  });

  it('shows a failure in words with a way to try again', async () => {
    let calls = 0;
    server.use(
      views,
      organisations([]),
      http.post('*/error-reporting', () => new HttpResponse(null, { status: 204 })),
      http.get('*/domo-reporting/dashboard-views/:viewId/embed-data', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 })
          : HttpResponse.json(embed('overview', [[1, 2]]));
      }),
    );
    const { user } = renderPortal(portal, '/dashboards/overview', { translations, signedIn: admin });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Chat messages per week' })).toBeInTheDocument();
  });
});
