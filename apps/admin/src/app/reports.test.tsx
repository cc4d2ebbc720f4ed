import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@tend/api/model';
import { sampleReport } from '@tend/domain/testing';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { layoutForVirtualLists } from '@tend/ui/test-utils';
import { noOrganisationFound, orgAdminScopes } from '../test/handlers.ts';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/reports/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();
// jsdom lays nothing out: give the list's scrolling area a size so the virtualiser renders rows.
let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = layoutForVirtualLists(600);
});
afterAll(() => restoreLayout());

const translations = { ...appEn, reports: en };
const admin = testSession('admin@example.com');
// The page's reports: any that has started has a completion time and one attempt; a finished one counted 2 rows.
const report = (id: string, status: Report['status'], name: string, error: string | null = null) =>
  sampleReport(id, status, {
    name,
    error,
    completedAt: status === 'queued' ? null : '2026-02-01T10:00:05.000Z',
    attempts: 1,
    rowCount: status === 'succeeded' ? 2 : null,
  });
const organisations = [
  http.get('*/organisation/list', () =>
    HttpResponse.json({
      items: [{ id: 'org-1', name: 'Tend Health', enabled: true, parentOrganisation: null }],
      lastPage: null,
    }),
  ),
  noOrganisationFound,
  orgAdminScopes(false),
];

describe('reports', () => {
  it('lists reports with their status in words; a failed one says why and is tried again', async () => {
    server.use(
      ...organisations,
      http.get('*/reporting', () =>
        HttpResponse.json({
          items: [
            report('r1', 'failed', 'January', 'Organisation org-9 no longer exists.'),
            report('r2', 'succeeded', 'December'),
          ],
          paginationCursor: null,
        }),
      ),
      http.post('*/reporting/action/r1/retry', () => HttpResponse.json(report('r1', 'queued', 'January'))),
      http.get('*/reporting/r1', () => HttpResponse.json(report('r1', 'running', 'January'))),
    );
    const { user } = renderPortal(portal, '/reports', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const failed = (await screen.findAllByTestId('report-row')).find((r) =>
      r.textContent?.includes('January'),
    )!;
    expect(within(failed).getByTestId('report-status')).toHaveTextContent('Failed');
    expect(
      within(failed).getByText('What went wrong: Organisation org-9 no longer exists.'),
    ).toBeInTheDocument();
    expect(within(failed).getByRole('progressbar', { name: 'Progress of January: Failed' })).toHaveAttribute(
      'aria-valuetext',
      'Failed',
    );
    expect(screen.getByRole('checkbox', { name: 'Select January for download' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download 0 reports as ZIP' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select December for download' }));
    expect(screen.getByRole('button', { name: 'Download 1 report as ZIP' })).toBeEnabled();
    await user.click(within(failed).getByRole('button', { name: 'Try January again' }));
    await waitFor(() =>
      expect(within(failed).getByTestId('report-status')).toHaveTextContent(/Waiting to start|Being made/),
    );
    expect(screen.getByTestId('report-announcer')).toHaveTextContent('January is waiting to start again.');
  });

  it('a new report is checked by the server, each problem next to its field, keeping what was typed', async () => {
    let created = 0;
    server.use(
      ...organisations,
      http.post('*/reporting/action/validate', () =>
        HttpResponse.json({
          valid: false,
          problems: [
            { field: 'to', message: 'must be after from' },
            { field: 'organisationIds/0', message: 'is not an organisation you administer' },
          ],
        }),
      ),
      http.post('*/reporting', () => {
        created += 1;
        return HttpResponse.json(report('r3', 'queued', 'x'), { status: 201 });
      }),
    );
    const { user } = renderPortal(portal, '/reports/new', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'New report' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Usage, January');
    await user.click(screen.getByRole('combobox', { name: 'Organisations' }));
    await user.click(await screen.findByRole('option', { name: 'Tend Health' }));
    await user.click(screen.getByRole('button', { name: 'Make report' }));
    expect(await screen.findByText('The end date must be after the start date.')).toBeInTheDocument();
    expect(screen.getByText('You can only report on organisations you administer.')).toBeInTheDocument();
    expect(screen.getByLabelText(/To \(not included\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Usage, January');
    expect(created).toBe(0);
  });
});
