import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetMyTimezoneMockHandler, getListRiskAlertsMockHandler } from '@tend/api/msw';
import type { PatientSummary } from '@tend/api/model';
import { sampleRisk } from '@tend/domain/testing';
import { renderPortal, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';
import { layOutListsForJsdom, therapistTestServer } from '../test/console.tsx';

const { server } = therapistTestServer();
layOutListsForJsdom();

const row = (id: string, firstName: string, extra: Partial<PatientSummary> = {}): PatientSummary => ({
  patientId: id,
  firstName,
  lastName: 'Reed',
  lastActivityAt: '2026-11-22T10:00:00Z',
  isLead: true,
  sharedData: false,
  unreadMessages: 0,
  risk: sampleRisk(),
  ...extra,
});

function caseloadServer() {
  const queries: URLSearchParams[] = [];
  server.use(
    getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
    getListRiskAlertsMockHandler({ items: [], skip: 0, limit: 1, total: 0, unacknowledged: 0 }),
    http.get('*/therapist/assigned-patients', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const all = [
        row('p1', 'Sam', {
          risk: {
            highRisk: true,
            reason: 'Disclosed a plan in session.',
            flaggedAt: '2026-11-23T09:00:00Z',
            latestPhq9Total: 16,
            previousPhq9Total: 9,
            latestGad7Total: 7,
            previousGad7Total: 11,
            latestPhq9Item9: 1,
          },
          unreadMessages: 3,
          hasNew: true,
        }),
        row('p2', 'Kit', { isLead: false, sharedData: true }),
      ];
      const items = q.get('search')
        ? all.filter((p) => p.firstName.toLowerCase().includes(q.get('search')!.toLowerCase()))
        : all;
      return HttpResponse.json({ items, skip: 0, limit: Number(q.get('limit')), total: items.length });
    }),
    http.post('*/therapist/assigned-patients', async ({ request }) => {
      const { accessCode } = (await request.json()) as { accessCode: string };
      if (accessCode !== 'ABCD 2345')
        return HttpResponse.json({ code: 'invalid_access_code', message: 'not known' }, { status: 404 });
      return HttpResponse.json({ patientId: 'p9', firstName: 'Noor', lastName: 'Ali', isLead: true });
    }),
  );
  return { queries };
}

// The whole portal renders (first test: every lazy chunk compiled): generous on a busy 2-core machine.
describe('the caseload', () => {
  it('shows each patient with risk, latest measures and their change, activity, unread messages and role', async () => {
    caseloadServer();
    renderPortal(portal, '/caseload', { translations: en, signedIn: testSession('therapist@example.com') });
    const rows = await screen.findAllByTestId('caseload-row');
    expect(rows).toHaveLength(2);
    const sam = rows[0]!;
    expect(within(sam).getByRole('link', { name: 'Sam Reed' })).toHaveAttribute('href', '/patients/p1');
    expect(within(sam).getByText('High risk')).toBeInTheDocument();
    expect(
      within(sam).getByText(/Disclosed a plan in session\. · Flagged 23 Nov 2026, 09:00/),
    ).toBeInTheDocument();
    expect(within(sam).getByText('PHQ-9 16/27 · Moderately severe')).toBeInTheDocument();
    expect(within(sam).getByText('Reliable deterioration (+7 points)')).toBeInTheDocument();
    expect(within(sam).getByText('GAD-7 7/21 · Mild')).toBeInTheDocument();
    expect(within(sam).getByText('Reliable improvement (-4 points)')).toBeInTheDocument();
    expect(within(sam).getByText('3 unread messages')).toBeInTheDocument();
    // Something new since the therapist last opened the record: said in words, not colour alone.
    expect(within(sam).getByRole('img', { name: 'New since you last looked' })).toHaveTextContent('New');
    expect(within(rows[1]!).queryByRole('img', { name: 'New since you last looked' })).toBeNull();
    expect(within(sam).getByText('Active 22 Nov 2026, 10:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Care team')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Shared data')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('PHQ-9: none yet')).toBeInTheDocument();
    expect(screen.getByText('2 patients.')).toBeInTheDocument();
  });

  it('asks the server to search and filter (not the loaded rows)', async () => {
    const { queries } = caseloadServer();
    const { user } = renderPortal(portal, '/caseload', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    await screen.findAllByTestId('caseload-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'kit');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('kit'));
    expect(await screen.findByText('1 patient matches.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Risk' }));
    await user.click(await screen.findByRole('option', { name: 'High risk only' }));
    await user.click(screen.getByRole('combobox', { name: 'Your role' }));
    await user.click(await screen.findByRole('option', { name: 'I do not lead' }));
    await waitFor(() => {
      const last = queries.at(-1)!;
      expect([
        last.get('search'),
        last.get('highRisk'),
        last.get('lead'),
        last.get('sharedData'),
        last.get('limit'),
      ]).toEqual(['kit', 'true', 'false', null, '50']);
    });
  });

  it('takes on a patient by access code; a wrong code is explained and kept', async () => {
    caseloadServer();
    const { user } = renderPortal(portal, '/caseload', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    await screen.findAllByTestId('caseload-row');
    await user.click(screen.getByRole('button', { name: 'Take on a patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take on a patient' });
    const code = within(dialog).getByRole('textbox', { name: /Access code/ });
    await user.type(code, 'WXYZ 2345');
    await user.click(within(dialog).getByRole('button', { name: 'Take on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This code is not known or has expired.',
    );
    expect(code).toHaveValue('WXYZ 2345');
    await user.clear(code);
    await user.type(code, 'ABCD 2345');
    await user.click(within(dialog).getByRole('button', { name: 'Take on' }));
    expect(
      await within(dialog).findByText('Noor Ali is on your caseload. You lead their care.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: "Open Noor Ali's record" })).toHaveAttribute(
      'href',
      '/patients/p9',
    );
  });
});
