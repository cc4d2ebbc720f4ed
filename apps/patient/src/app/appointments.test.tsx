import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getListAppointmentNoticesMockHandler,
  getListAppointmentSlotsMockHandler,
  getListAppointmentsMockHandler,
} from '@tend/api/msw';
import type { Appointment, AppointmentSlots } from '@tend/api/model';
import { formatTime, userTimeZone } from '@tend/core/time';
import { patientPageServer, renderPatientPage, withoutOnboardingSurvey } from '../test/portal.ts';

const server = patientPageServer();
withoutOnboardingSurvey(server, getListAppointmentNoticesMockHandler({ items: [], unseen: 0 }));
const renderAt = renderPatientPage;

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR).toISOString();
const rules = {
  slotMinutes: 50,
  horizonWeeks: 4,
  noticeHours: 12,
  kinds: ['video' as const, 'phone' as const],
};
const therapist = { therapistId: 't-1', name: 'Alex Morgan', timezone: userTimeZone() };
const slot = (hours: number) => ({ therapistId: 't-1', start: at(hours), end: at(hours + 1) });
const availability = (slots = [slot(48), slot(50)]): AppointmentSlots => ({
  rules,
  therapists: [therapist],
  slots,
});
const appointment = (hours: number): Appointment => ({
  appointmentId: 'a-1',
  patientId: 'p-1',
  patientName: 'Sam Rivera',
  therapistId: 't-1',
  therapistName: 'Alex Morgan',
  therapistTimezone: userTimeZone(),
  start: at(hours),
  end: at(hours + 1),
  kind: 'video',
  note: null,
  status: 'booked',
  sequence: 0,
  videoLink: null,
  videoLinkFrom: at(hours - 1 / 6),
  cancelledBy: null,
  cancelReason: null,
  moveReason: null,
  createdAt: at(-1),
  updatedAt: at(-1),
});

describe('appointments', () => {
  it('tells the patient their therapist cancelled, with the reason, until they mark it seen', async () => {
    const seen: unknown[] = [];
    server.use(
      getListAppointmentSlotsMockHandler(availability()),
      getListAppointmentsMockHandler({ items: [], paginationCursor: null }),
      getListAppointmentNoticesMockHandler({
        items: [
          {
            noticeId: 'n-1',
            appointmentId: 'a-1',
            change: 'cancelled',
            by: 'therapist',
            patientName: 'Sam Rivera',
            therapistName: 'Alex Morgan',
            therapistTimezone: userTimeZone(),
            kind: 'video',
            start: at(30),
            previousStart: null,
            reason: 'I am unwell',
            createdAt: at(-1),
          },
        ],
        unseen: 1,
      }),
      http.post('*/appointments/notices/seen', async ({ request }) => {
        seen.push(await request.json());
        server.use(getListAppointmentNoticesMockHandler({ items: [], unseen: 0 }));
        return HttpResponse.json({ unseen: 0 });
      }),
    );
    renderAt('/appointments');
    const notices = await screen.findByRole('region', { name: 'Changes to your appointments' });
    expect(notices).toHaveTextContent(/Alex Morgan cancelled your session on/);
    expect(notices).toHaveTextContent('Reason given: I am unwell');
    within(notices)
      .getByRole('button', { name: /^Mark as seen: Appointment cancelled/ })
      .click();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Changes to your appointments' })).not.toBeInTheDocument(),
    );
    expect(seen).toEqual([{ noticeIds: ['n-1'] }]);
  });

  it('explains kindly that booking starts with a therapist', async () => {
    server.use(
      getListAppointmentSlotsMockHandler({ rules, therapists: [], slots: [] }),
      getListAppointmentsMockHandler({ items: [], paginationCursor: null }),
    );
    renderAt('/appointments');
    expect(await screen.findByText('Appointments start with a therapist')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'How to add a therapist to your care team' }),
    ).toBeInTheDocument();
  });

  it('says in words when a slot was just taken, and offers the free slots the answer names', async () => {
    const free = slot(50);
    server.use(
      getListAppointmentSlotsMockHandler(availability()),
      getListAppointmentsMockHandler({ items: [], paginationCursor: null }),
      http.post('*/appointments', () =>
        HttpResponse.json(
          { code: 'slot_taken', message: 'taken', details: { freeSlots: [free] } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAt('/appointments');
    const book = await screen.findByRole('region', { name: 'Book an appointment' });
    await user.click(within(book).getByText(formatTime(at(48))));
    await user.type(within(book).getByLabelText('A note for your therapist (optional)'), 'Sleep');
    await user.click(within(book).getByRole('button', { name: 'Book this time' }));
    expect(await within(book).findByText('That time has just been taken')).toBeInTheDocument();
    expect(within(book).getByRole('radio', { name: formatTime(free.start) })).not.toBeChecked();
    expect(within(book).queryByRole('radio', { name: formatTime(at(48)) })).not.toBeInTheDocument();
    // What the person typed stays.
    expect(within(book).getByLabelText('A note for your therapist (optional)')).toHaveValue('Sleep');
  });

  it('inside the notice period asks the patient to message their therapist instead', async () => {
    server.use(
      getListAppointmentSlotsMockHandler(availability()),
      getListAppointmentsMockHandler({ items: [appointment(3)], paginationCursor: null }),
    );
    renderAt('/appointments');
    const mine = await screen.findByRole('region', { name: 'Your upcoming appointments' });
    expect(await within(mine).findByText(/less than 12 hours away/)).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Message your therapist' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(within(mine).getByText(/The link to join the video call shows here from/)).toBeInTheDocument();
  });
});
