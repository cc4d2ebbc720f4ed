import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RiskAlert } from '@tend/api/model';
import { renderWithProviders } from '@tend/ui/test-utils';
import { useAcknowledgeAlert, useOpenAlertCount, useRiskAlerts } from './queries.ts';
import { RiskFlag } from './RiskFlag.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const alert = (id: string): RiskAlert => ({
  alertId: id,
  patientId: 'p1',
  firstName: 'Sam',
  lastName: 'Reed',
  reason: 'GAD-7 total 18 (severe).',
  source: 'gad7-severe',
  createdAt: '2026-11-23T09:05:00Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  note: null,
  highRisk: true,
});

function Alerts() {
  const open = useRiskAlerts();
  const count = useOpenAlertCount();
  const acknowledge = useAcknowledgeAlert();
  return (
    <div>
      <p>{`open list: ${open.alerts.map((a) => a.alertId).join(',')}`}</p>
      <p>{`count: ${count.data ?? '?'}`}</p>
      <button onClick={() => acknowledge.mutate({ alertId: 'a1', data: { note: 'Called.' } })}>ack</button>
    </div>
  );
}

describe('the alert lists follow an acknowledgement at once', () => {
  it('takes the alert out of the open list and the count from the answer, before refetching', async () => {
    let acknowledged = false;
    let listCalls = 0;
    server.use(
      http.get('*/therapist/risk-alerts', ({ request }) => {
        listCalls += 1;
        const limit = Number(new URL(request.url).searchParams.get('limit'));
        // The refetch after the acknowledgement is held back: what shows then is the cache update.
        if (acknowledged) return new Promise(() => {});
        const items = limit === 1 ? [alert('a1')] : [alert('a1'), alert('a2')];
        return HttpResponse.json({ items, skip: 0, limit, total: 2, unacknowledged: 2 });
      }),
      http.post('*/therapist/risk-alerts/a1/acknowledge', () => {
        acknowledged = true;
        return HttpResponse.json({
          ...alert('a1'),
          acknowledgedAt: '2026-11-23T09:30:00Z',
          acknowledgedBy: { therapistId: 't1', firstName: 'Alex', lastName: 'Morgan' },
          note: 'Called.',
        });
      }),
      http.get('*/patients/p1/risk-history', () => new Promise(() => {})),
    );
    const { user } = renderWithProviders(<Alerts />);
    expect(await screen.findByText('open list: a1,a2')).toBeInTheDocument();
    expect(await screen.findByText('count: 2')).toBeInTheDocument();
    const before = listCalls;
    await user.click(screen.getByRole('button', { name: 'ack' }));
    expect(await screen.findByText('open list: a2')).toBeInTheDocument();
    expect(screen.getByText('count: 1')).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });
});

describe('RiskFlag', () => {
  it('shows the flag, why and since when; nothing (or "Not flagged") otherwise', () => {
    const { rerender } = renderWithProviders(
      <RiskFlag
        risk={{ highRisk: true, reason: 'Said <b>so</b>.', flaggedAt: '2026-11-23T09:05:00Z' }}
        timeZone="Europe/London"
      />,
    );
    expect(screen.getByText('High risk')).toBeInTheDocument();
    expect(screen.getByText('Said <b>so</b>.')).toBeInTheDocument();
    expect(screen.getByText('Flagged 23 Nov 2026, 09:05')).toBeInTheDocument();
    rerender(
      <RiskFlag
        risk={{ highRisk: true, reason: 'Said so.', flaggedAt: '2026-11-23T09:05:00Z' }}
        timeZone="Europe/London"
        compact
      />,
    );
    expect(screen.getByText('Said so. · Flagged 23 Nov 2026, 09:05')).toBeInTheDocument();
    rerender(<RiskFlag risk={{ highRisk: false, reason: null, flaggedAt: null }} showNone />);
    expect(screen.getByText('Not flagged')).toBeInTheDocument();
    rerender(<RiskFlag risk={{ highRisk: false, reason: null, flaggedAt: null }} />);
    expect(screen.queryByText('Not flagged')).toBeNull();
  });
});
