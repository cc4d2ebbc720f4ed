import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppointmentNotice } from '@tend/api/model';
import { formatDateTime } from '@tend/core/time';
import { renderWithProviders } from '@tend/ui/test-utils';
import { subjectServer } from '../test/hooks.tsx';
import { AppointmentNotices } from './AppointmentNotices.tsx';

const server = subjectServer();

const notice = (id: string, change: AppointmentNotice['change'], extra: Partial<AppointmentNotice> = {}) =>
  ({
    noticeId: id,
    appointmentId: `a-${id}`,
    change,
    by: 'therapist',
    patientName: 'Ana Bell',
    therapistName: 'Sam Rao',
    therapistTimezone: 'Europe/London',
    kind: 'video',
    start: '2026-12-02T15:00:00.000Z',
    previousStart: null,
    reason: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...extra,
  }) satisfies AppointmentNotice;

describe('AppointmentNotices', () => {
  it('says what the other side changed in the viewer’s timezone, and marks a notice seen when dismissed', async () => {
    let items = [
      notice('n2', 'cancelled', { reason: '<b>Unwell</b>' }),
      notice('n1', 'moved', { previousStart: '2026-12-01T09:00:00.000Z' }),
    ];
    const seen: string[][] = [];
    server.use(
      http.get('*/appointments/notices', () => HttpResponse.json({ items, unseen: items.length + 1 })),
      http.post('*/appointments/notices/seen', async ({ request }) => {
        const { noticeIds } = (await request.json()) as { noticeIds: string[] };
        seen.push(noticeIds);
        items = items.filter((n) => !noticeIds.includes(n.noticeId));
        return HttpResponse.json({ unseen: items.length });
      }),
    );
    renderWithProviders(<AppointmentNotices timeZone="America/New_York" />);
    const when = formatDateTime('2026-12-02T15:00:00.000Z', 'America/New_York');
    expect(await screen.findByText(`Sam Rao cancelled your session on ${when}.`)).toBeInTheDocument();
    expect(
      screen.getByText(
        `Sam Rao moved your session to ${when}. It was on ${formatDateTime('2026-12-01T09:00:00.000Z', 'America/New_York')}.`,
      ),
    ).toBeInTheDocument();
    // The reason is the therapist's own text, shown as text.
    expect(screen.getByText('Reason given: <b>Unwell</b>')).toBeInTheDocument();
    expect(screen.getByText('1 more change. Mark these as seen to show it.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Changes to your appointments' })).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: `Mark as seen: Appointment cancelled, ${when}` }),
    );
    await waitFor(() => expect(screen.queryByText(/cancelled your session/)).not.toBeInTheDocument());
    expect(seen).toEqual([['n2']]);
    expect(screen.getByText(/moved your session/)).toBeInTheDocument();
  });

  it('names the patient to a therapist, and shows nothing when there is nothing new', async () => {
    server.use(
      http.get('*/appointments/notices', () =>
        HttpResponse.json({ items: [notice('n3', 'booked', { by: 'patient' })], unseen: 1 }),
      ),
    );
    const view = renderWithProviders(<AppointmentNotices timeZone="Europe/London" />);
    expect(
      await screen.findByText(
        `Ana Bell booked a session with you on ${formatDateTime('2026-12-02T15:00:00.000Z', 'Europe/London')}.`,
      ),
    ).toBeInTheDocument();
    view.unmount();
    server.use(http.get('*/appointments/notices', () => HttpResponse.json({ items: [], unseen: 0 })));
    const empty = renderWithProviders(<AppointmentNotices timeZone="Europe/London" />);
    await waitFor(() => expect(empty.container.querySelector('section')).toBeNull());
  });
});
