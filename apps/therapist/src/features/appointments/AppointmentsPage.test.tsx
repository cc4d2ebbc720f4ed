import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@tend/api/model';
import { addDays, startOfDay } from '@tend/core/time';
import { renderPortal, testSession } from '@tend/portal/testing';
import { AppointmentsBadge, appointmentRoutes } from './index.ts';
import { featurePortal, servedWords as en, therapistTestServer } from '../../test/console.tsx';

const portal = featurePortal(appointmentRoutes, [
  { to: '/appointments', label: 'appointments.nav', badge: AppointmentsBadge },
]);

const { server: msw } = therapistTestServer();

// Tomorrow at 10:00 in New York (the therapist's timezone), whatever the machine's.
const start = new Date(
  addDays(startOfDay(Date.now(), 'America/New_York'), 1, 'America/New_York') + 10 * 3_600_000,
);
const appointment: Appointment = {
  appointmentId: 'a1',
  patientId: 'p1',
  patientName: 'Kiran Patel',
  therapistId: 't1',
  therapistName: 'Alex Morgan',
  therapistTimezone: 'America/New_York',
  start: start.toISOString(),
  end: new Date(start.getTime() + 50 * 60_000).toISOString(),
  kind: 'phone',
  note: 'About sleep',
  status: 'booked',
  sequence: 0,
  videoLink: null,
  videoLinkFrom: null,
  cancelledBy: null,
  cancelReason: null,
  moveReason: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const nyTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'America/New_York' }).format(
    new Date(iso),
  );

function serve(list: () => Response, notices: unknown[] = []) {
  const cancelled: unknown[] = [];
  msw.use(
    http.get('*/appointments/notices', () => HttpResponse.json({ items: notices, unseen: notices.length })),
    http.get('*/therapist/availability', () =>
      HttpResponse.json({ timezone: 'America/New_York', slots: [] }),
    ),
    http.get('*/appointments', list),
    http.post('*/error-reporting', () => new HttpResponse(null, { status: 204 })),
    http.post('*/appointments/:id/cancel', async ({ request }) => {
      cancelled.push(await request.json());
      return HttpResponse.json({ ...appointment, status: 'cancelled', cancelledBy: 'therapist' });
    }),
  );
  return cancelled;
}
const renderPage = () =>
  renderPortal(portal, '/appointments', {
    translations: en,
    signedIn: testSession('therapist@example.com', ['therapist']),
  });

describe('AppointmentsPage', () => {
  it('shows each appointment at the therapist’s local time and cancels it with a reason', async () => {
    const cancelled = serve(() => HttpResponse.json({ items: [appointment], paginationCursor: null }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    const cancel = await screen.findByRole('button', {
      name: `Cancel Kiran Patel’s appointment at ${nyTime(appointment.start)}`,
    });
    expect(screen.getByText('About sleep')).toBeInTheDocument();
    expect(screen.getByText('Phone')).toBeInTheDocument();
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the appointment' }));
    expect(
      await within(dialog).findByText('Say why, in a few words: Kiran Patel will read it.'),
    ).toBeInTheDocument();
    expect(cancelled).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason \(Kiran Patel will see it\)/), 'Unwell');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the appointment' }));
    await expect.poll(() => cancelled).toEqual([{ reason: 'Unwell' }]);
  });

  it('moves an appointment to one of the therapist’s free times', async () => {
    serve(() => HttpResponse.json({ items: [appointment], paginationCursor: null }));
    const later = new Date(start.getTime() + 2 * 3_600_000).toISOString();
    const moved: unknown[] = [];
    msw.use(
      http.get('*/appointments/slots', () =>
        HttpResponse.json({
          slots: [
            { therapistId: 't1', start: later, end: new Date(Date.parse(later) + 50 * 60_000).toISOString() },
          ],
          therapists: [],
        }),
      ),
      http.post('*/appointments/:id/move', async ({ request }) => {
        moved.push(await request.json());
        return HttpResponse.json({ ...appointment, start: later, moveReason: 'Clash' });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(
      await screen.findByRole('button', {
        name: `Move Kiran Patel’s appointment at ${nyTime(appointment.start)}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move the appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Choose a new time.')).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText(/New time/)[0]!);
    await user.click(await screen.findByRole('option', { name: new RegExp(nyTime(later)) }));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Clash');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect.poll(() => moved).toEqual([{ start: later, reason: 'Clash' }]);
  });

  it('says so when the week is empty', async () => {
    serve(() => HttpResponse.json({ items: [], paginationCursor: null }));
    renderPage();
    expect(await screen.findByText(/No appointments this week/)).toBeInTheDocument();
  });

  it('tells the therapist of a patient’s booking in their timezone, counted on the navigation entry', async () => {
    serve(
      () => HttpResponse.json({ items: [], paginationCursor: null }),
      [
        {
          noticeId: 'n1',
          appointmentId: 'a1',
          change: 'booked',
          by: 'patient',
          patientName: 'Ana Bell',
          therapistName: 'Sam Rao',
          therapistTimezone: 'America/New_York',
          kind: 'phone',
          start: appointment.start,
          previousStart: null,
          reason: null,
          createdAt: new Date().toISOString(),
        },
      ],
    );
    renderPage();
    const notice = await screen.findByText(/Ana Bell booked a session with you on/);
    expect(notice).toHaveTextContent(nyTime(appointment.start));
    expect(
      await screen.findByRole('link', { name: 'Appointments 1 1 change you have not seen' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be read', async () => {
    serve(() => HttpResponse.json({ code: 'internal', message: 'x', details: {} }, { status: 500 }));
    renderPage();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
