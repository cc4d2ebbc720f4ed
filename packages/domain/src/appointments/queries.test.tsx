import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetAppointmentQueryKey } from '@tend/api';
import type { Appointment } from '@tend/api/model';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import {
  useAppointmentSlots,
  useAppointments,
  useBookAppointment,
  useCancelAppointment,
  useNextAppointment,
} from './queries.ts';

const server = subjectServer();

const appointment = (id: string, start: string, status: Appointment['status'] = 'booked'): Appointment => ({
  appointmentId: id,
  patientId: 'patient-01',
  patientName: 'Ana Bell',
  therapistId: 'therapist-1',
  therapistName: 'Sam Rao',
  therapistTimezone: 'Europe/London',
  start,
  end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
  kind: 'video',
  note: null,
  status,
  sequence: status === 'booked' ? 0 : 1,
  videoLink: null,
  videoLinkFrom: null,
  cancelledBy: status === 'cancelled' ? 'patient' : null,
  cancelReason: status === 'cancelled' ? 'Unwell' : null,
  moveReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
});
const rules = { slotMinutes: 50, horizonWeeks: 4, noticeHours: 12, kinds: ['video', 'phone'] };

describe('appointments and the cache', () => {
  it('a booking becomes the appointment’s entry, and the free slots and lists are asked again', async () => {
    let slotReads = 0;
    let listReads = 0;
    const booked = appointment('a1', '2026-12-01T09:00:00.000Z');
    server.use(
      http.get('*/appointments/slots', () => {
        slotReads += 1;
        return HttpResponse.json({
          rules,
          therapists: [{ therapistId: 'therapist-1', name: 'Sam Rao', timezone: 'Europe/London' }],
          slots:
            slotReads === 1 ? [{ therapistId: 'therapist-1', start: booked.start, end: booked.end }] : [],
        });
      }),
      http.get('*/appointments', () => {
        listReads += 1;
        return HttpResponse.json({ items: listReads === 1 ? [] : [booked], paginationCursor: null });
      }),
      http.post('*/appointments', () => HttpResponse.json(booked, { status: 201 })),
    );
    const { result, queryClient } = renderSubjectHook(() => ({
      slots: useAppointmentSlots(),
      next: useNextAppointment(),
      book: useBookAppointment(),
    }));
    await waitFor(() => expect(result.current.slots.data?.slots).toHaveLength(1));
    await waitFor(() => expect(result.current.next.data).toBeNull());
    await act(async () => {
      await result.current.book.mutateAsync({
        data: { therapistId: 'therapist-1', start: booked.start, kind: 'video' },
      });
    });
    expect(queryClient.getQueryData(getGetAppointmentQueryKey('a1'))).toEqual(booked);
    await waitFor(() => expect(result.current.slots.data?.slots).toEqual([]));
    await waitFor(() => expect(result.current.next.data?.appointmentId).toBe('a1'));
  });

  it('a cancellation replaces the row in the loaded pages at once', async () => {
    const a = appointment('a1', '2026-12-01T09:00:00.000Z');
    let cancelled = false;
    server.use(
      http.get('*/appointments', () =>
        HttpResponse.json({
          items: [cancelled ? appointment('a1', a.start, 'cancelled') : a],
          paginationCursor: null,
        }),
      ),
      http.post('*/appointments/:id/cancel', () => {
        cancelled = true;
        return HttpResponse.json(appointment('a1', a.start, 'cancelled'));
      }),
    );
    const { result } = renderSubjectHook(() => ({
      list: useAppointments({ status: 'all' }),
      cancel: useCancelAppointment(),
    }));
    await waitFor(() => expect(result.current.list.data?.pages[0]?.items[0]?.status).toBe('booked'));
    await act(async () => {
      await result.current.cancel.mutateAsync({ appointment: 'a1', data: { reason: 'Unwell' } });
    });
    expect(result.current.list.data?.pages[0]?.items[0]?.status).toBe('cancelled');
  });
});
