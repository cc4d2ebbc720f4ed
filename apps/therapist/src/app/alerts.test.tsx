import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetMyTimezoneMockHandler } from '@tend/api/msw';
import type { RiskAlert } from '@tend/api/model';
import { renderPortal, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';
import { layOutListsForJsdom, openRiskAlert, therapistTestServer } from '../test/console.tsx';

const { server } = therapistTestServer();
layOutListsForJsdom();

const open = (id: string, name: string): RiskAlert =>
  openRiskAlert({
    alertId: id,
    patientId: `p-${id}`,
    firstName: name,
    lastName: 'Reed',
    reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 2 of 3.',
    createdAt: '2026-11-23T09:05:00Z',
  });

/** A server holding two open alerts; acknowledging one records who, when and the note. */
function alertServer() {
  const alerts = [open('a1', 'Sam'), open('a2', 'Kit')];
  const acknowledged: Array<{ alertId: string; note: string | undefined }> = [];
  server.use(
    getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
    http.get('*/therapist/risk-alerts', ({ request }) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status') ?? 'unacknowledged';
      const items = alerts.filter(
        (a) => status === 'all' || (status === 'unacknowledged') === (a.acknowledgedAt === null),
      );
      return HttpResponse.json({
        items,
        skip: 0,
        limit: Number(url.searchParams.get('limit') ?? 50),
        total: items.length,
        unacknowledged: alerts.filter((a) => !a.acknowledgedAt).length,
        paginationCursor: null,
      });
    }),
    http.post('*/therapist/risk-alerts/:alertId/acknowledge', async ({ params, request }) => {
      const alert = alerts.find((a) => a.alertId === params.alertId)!;
      const body = (await request.json()) as { note?: string };
      acknowledged.push({ alertId: alert.alertId, note: body.note });
      Object.assign(alert, {
        acknowledgedAt: '2026-11-23T09:30:00Z',
        acknowledgedBy: { therapistId: 'therapist-1', firstName: 'Alex', lastName: 'Morgan' },
        note: body.note ?? null,
      });
      return HttpResponse.json(alert);
    }),
  );
  return { acknowledged };
}

describe('risk alerts', () => {
  it('lists the open alerts with patient, reason and time, and acknowledges one with a note: it leaves the list and the count', async () => {
    const { acknowledged } = alertServer();
    const { user } = renderPortal(portal, '/alerts', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Risk alerts' })).toBeInTheDocument();
    // One virtualised list (a scrolling region) of the alerts, each saying where it stands in the whole list.
    const list = await screen.findByRole('region', { name: 'Alerts' });
    await waitFor(() => expect(within(list).getAllByTestId('alert-row')).toHaveLength(2));
    expect(within(list).getAllByTestId('alert-row')[1]).toHaveAttribute('aria-posinset', '2');
    expect(within(list).getAllByTestId('alert-row')[1]).toHaveAttribute('aria-setsize', '2');
    expect(within(list).getByRole('link', { name: 'Sam Reed' })).toHaveAttribute('href', '/patients/p-a1');
    expect(within(list).getAllByText('PHQ-9 item 9 (thoughts of self-harm) answered 2 of 3.')).toHaveLength(
      2,
    );
    expect(within(list).getAllByText('Raised 23 Nov 2026, 09:05')).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Risk alerts 2 open alerts' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acknowledge the alert about Sam Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert about Sam Reed' });
    await user.type(within(dialog).getByLabelText('What you did (optional)'), 'Called Sam.');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sam Reed' })).toBeNull());
    expect(acknowledged).toEqual([{ alertId: 'a1', note: 'Called Sam.' }]);
    expect(await screen.findByRole('link', { name: 'Risk alerts 1 open alert' })).toBeInTheDocument();
    expect(screen.getByText('1 open alert.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Acknowledged' }));
    expect(
      await screen.findByText('Acknowledged by Alex Morgan, 23 Nov 2026, 09:30 — Called Sam.'),
    ).toBeInTheDocument();
  });
});
