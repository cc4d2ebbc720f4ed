// Appointments: settings, free slots, booking, the caller's appointments, moving, cancelling, the notice
// period, the e-mails with their calendar files, availability changes that would strand an appointment,
// and daylight-saving weeks. Patient-01 (A) has lead therapist-1 and invited therapist-2; patient-03 (B)
// has lead therapist-1; therapist-3 cares for neither.
import { beforeEach, describe, expect, it } from 'vitest';
import { as, useCareTestApp } from '../patients/care-test-app.ts';
import {
  calendarTime,
  freshAppointments,
  mailsTo,
  operateResponder,
  readCalendar,
  responder,
} from './test-support.ts';
import { rowsWhere } from '../../../test/helpers.ts';

/** Injects, checks the answer against the contract, and answers the response. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const t = useCareTestApp();
const call = responder(t);
const op = operateResponder(t);

beforeEach(async () => {
  await freshAppointments(t.db);
  t.mailer.catcher!.clear();
});

interface Slot {
  therapistId: string;
  start: string;
  end: string;
}
interface Appointment {
  appointmentId: string;
  start: string;
  end: string;
  status: string;
  sequence: number;
  therapistId: string;
  patientId: string;
  videoLink: string | null;
  videoLinkFrom: string | null;
}

const slotsFor = async (user: string, query = '') => {
  const res = await call('listAppointmentSlots', {
    method: 'GET',
    url: `/appointments/slots${query}`,
    headers: as(user),
  });
  return res;
};
const book = (user: string, body: Record<string, unknown>) => op(user, 'bookAppointment', { payload: body });
const firstSlot = async (therapistId = 'therapist-1') => {
  const res = await slotsFor('patient', `?therapistId=${therapistId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { slots: Slot[] }).slots[0]!;
};
const bookFirst = async () => {
  const slot = await firstSlot();
  const res = await book('patient', { therapistId: slot.therapistId, start: slot.start, kind: 'video' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Appointment;
};

describe('appointment settings', () => {
  const params = { organisation: 'org-tend-health' };
  /** Saves the settings as the administrator, with the ETag given. */
  const save = (etag: string, payload: object) =>
    op('admin', 'updateOrganisationAppointmentSettings', { params, headers: { etag }, payload });

  it('answers the defaults until saved, then what was saved, with ETags', async () => {
    const got = await op('admin', 'getOrganisationAppointmentSettings', { params });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      slotMinutes: 50,
      horizonWeeks: 4,
      noticeHours: 12,
      kinds: ['video', 'phone', 'in-person', 'chat'],
      videoLinkTemplate: null,
    });
    const stale = await save('"nope"', { slotMinutes: 30 });
    expect(stale.statusCode).toBe(412);
    const saved = await save(got.headers.etag as string, {
      slotMinutes: 30,
      kinds: ['phone', 'video'],
      videoLinkTemplate: 'https://meet.example/{appointmentId}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slotMinutes: 30, kinds: ['video', 'phone'], horizonWeeks: 4 });
    expect(saved.headers.etag).not.toBe(got.headers.etag);
  });

  it('refuses a link without {appointmentId}, and other organisations’ administrators (404)', async () => {
    const bad = await save('"default"', { videoLinkTemplate: 'https://meet.example/room' });
    expect(bad.statusCode).toBe(400);
    const other = await op('otherAdmin', 'getOrganisationAppointmentSettings', { params });
    expect(other.statusCode).toBe(404);
  });

  it('changes what patients are offered: slot length, kinds, notice and horizon', async () => {
    await save('"default"', { slotMinutes: 30, kinds: ['phone'], noticeHours: 48, horizonWeeks: 1 });
    const res = await slotsFor('patient', '?therapistId=therapist-1');
    const body = res.json() as { rules: { slotMinutes: number; kinds: string[] }; slots: Slot[] };
    expect(body.rules).toMatchObject({ slotMinutes: 30, kinds: ['phone'], noticeHours: 48, horizonWeeks: 1 });
    const now = Date.now();
    for (const s of body.slots) {
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
      expect(Date.parse(s.start)).toBeGreaterThanOrEqual(now + 48 * HOUR - 5_000);
      expect(Date.parse(s.start)).toBeLessThan(now + 7 * DAY + 5_000);
    }
    expect(body.slots.length).toBeGreaterThan(0);
    const video = await book('patient', {
      therapistId: 'therapist-1',
      start: body.slots[0]!.start,
      kind: 'video',
    });
    expect(video.statusCode).toBe(400);
    expect(video.json()).toMatchObject({
      code: 'invalid_request',
      details: { fields: { kind: expect.any(String) } },
    });
  });
});

describe('free slots and booking', () => {
  it('lists the care team’s free slots with their timezones, after the notice period and within the horizon', async () => {
    const res = await slotsFor('patient');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      therapists: Array<{ therapistId: string; timezone: string }>;
      slots: Slot[];
    };
    expect(body.therapists).toEqual([
      { therapistId: 'therapist-1', name: expect.any(String), timezone: 'UTC' },
      { therapistId: 'therapist-2', name: expect.any(String), timezone: 'America/New_York' },
    ]);
    const now = Date.now();
    expect(new Set(body.slots.map((s) => s.therapistId))).toEqual(new Set(['therapist-1', 'therapist-2']));
    for (const s of body.slots) {
      expect(Date.parse(s.start)).toBeGreaterThanOrEqual(now + 12 * HOUR - 5_000);
      expect(Date.parse(s.start)).toBeLessThan(now + 28 * DAY + 5_000);
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(50 * 60_000);
    }
  });

  it('refuses another team’s therapist (403) and non-patients without a therapist record', async () => {
    expect((await slotsFor('patient', '?therapistId=therapist-3')).statusCode).toBe(403);
    expect((await slotsFor('therapist', '?therapistId=therapist-2')).statusCode).toBe(403);
    const own = await slotsFor('therapist');
    expect(own.statusCode).toBe(200);
    expect((own.json() as { therapists: Array<{ therapistId: string }> }).therapists).toEqual([
      expect.objectContaining({ therapistId: 'therapist-1' }),
    ]);
  });

  it('books a free slot once: the slot leaves the list, a second booking gets 409 slot_taken with the free slots', async () => {
    const slot = await firstSlot();
    const a = await bookFirst();
    expect(a).toMatchObject({
      start: slot.start,
      end: slot.end,
      status: 'booked',
      sequence: 0,
      patientId: 'patient-01',
    });
    const after = (await slotsFor('patient2', '?therapistId=therapist-1')).json() as { slots: Slot[] };
    expect(after.slots.some((s) => s.start === slot.start)).toBe(false);
    const again = await book('patient2', { therapistId: 'therapist-1', start: slot.start, kind: 'phone' });
    expect(again.statusCode).toBe(409);
    const problem = again.json() as { code: string; details: { freeSlots: Slot[] } };
    expect(problem.code).toBe('slot_taken');
    expect(problem.details.freeSlots.length).toBeGreaterThan(0);
    expect(problem.details.freeSlots.some((s) => s.start === slot.start)).toBe(false);
  });

  it('refuses a start that is not a free slot (409 slot_unavailable): off the grid, inside the notice, beyond the horizon', async () => {
    const slot = await firstSlot();
    for (const start of [
      new Date(Date.parse(slot.start) + 5 * 60_000).toISOString(),
      new Date(Date.now() + HOUR).toISOString(),
      new Date(Date.now() + 40 * DAY).toISOString(),
    ]) {
      const res = await book('patient', { therapistId: 'therapist-1', start, kind: 'video' });
      expect(res.statusCode, start).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'slot_unavailable',
        details: { freeSlots: expect.any(Array) },
      });
    }
    const stranger = await book('patient', { therapistId: 'therapist-3', start: slot.start, kind: 'video' });
    expect(stranger.statusCode).toBe(403);
  });

  it('a patient cannot be in two appointments at once (the other therapist’s same time is not offered)', async () => {
    const a = await bookFirst();
    const withOther = (await slotsFor('patient', '?therapistId=therapist-2')).json() as { slots: Slot[] };
    expect(
      withOther.slots.some(
        (s) => Date.parse(s.start) < Date.parse(a.end) && Date.parse(a.start) < Date.parse(s.end),
      ),
    ).toBe(false);
  });

  it('the database refuses overlapping blocks whatever the server checks', async () => {
    const a = await bookFirst();
    const blocks = await rowsWhere(t.db, 'appointment_blocks', { appointment_id: a.appointmentId });
    expect(blocks).toHaveLength(10);
    await expect(
      t.db
        .insertInto('appointment_blocks')
        .values({
          ...blocks[3]!,
          appointment_id: a.appointmentId,
          patient_id: 'patient-03',
          block_start: blocks[3]!.block_start,
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('the caller’s appointments', () => {
  it('a patient sees their own, a therapist theirs; anyone else gets 404 for one', async () => {
    const a = await bookFirst();
    const list = async (user: string, query = '') =>
      (
        (
          await call('listAppointments', { method: 'GET', url: `/appointments${query}`, headers: as(user) })
        ).json() as {
          items: Appointment[];
        }
      ).items.map((i) => i.appointmentId);
    expect(await list('patient')).toEqual([a.appointmentId]);
    expect(await list('patient2')).toEqual([]);
    expect(await list('therapist')).toEqual([a.appointmentId]);
    expect(await list('therapist', '?patientId=patient-03')).toEqual([]);
    expect(await list('therapist2')).toEqual([]);
    for (const user of ['patient2', 'therapist2', 'therapist3']) {
      const res = await op(user, 'getAppointment', { params: { appointment: a.appointmentId } });
      expect(res.statusCode, user).toBe(404);
    }
    const own = await op('therapist', 'getAppointment', { params: { appointment: a.appointmentId } });
    expect(own.statusCode).toBe(200);
  });

  it('pages by start with a cursor', async () => {
    const res = (await slotsFor('patient', '?therapistId=therapist-1')).json() as { slots: Slot[] };
    for (const s of res.slots.slice(0, 3)) {
      expect(
        (await book('patient', { therapistId: s.therapistId, start: s.start, kind: 'phone' })).statusCode,
      ).toBe(201);
    }
    const first = (await op('patient', 'listAppointments', { query: { limit: '2' } })).json() as {
      items: Appointment[];
      paginationCursor: string | null;
    };
    expect(first.items.map((i) => i.start)).toEqual(res.slots.slice(0, 2).map((s) => s.start));
    const second = (
      await op('patient', 'listAppointments', {
        query: { limit: '2', paginationCursor: first.paginationCursor! },
      })
    ).json() as { items: Appointment[]; paginationCursor: string | null };
    expect(second.items.map((i) => i.start)).toEqual([res.slots[2]!.start]);
    expect(second.paginationCursor).toBeNull();
  });

  it('gives the video link only from 10 minutes before the start', async () => {
    await op('admin', 'updateOrganisationAppointmentSettings', {
      params: { organisation: 'org-tend-health' },
      payload: { videoLinkTemplate: 'https://meet.example/tend/{appointmentId}' },
      headers: { etag: '"default"' },
    });
    const a = await bookFirst();
    expect(a.videoLink).toBeNull();
    expect(Date.parse(a.videoLinkFrom!)).toBe(Date.parse(a.start) - 10 * 60_000);
    await t.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() + 5 * 60_000), ends_at: new Date(Date.now() + 55 * 60_000) })
      .where('id', '=', a.appointmentId)
      .execute();
    const soon = (
      await op('patient', 'getAppointment', { params: { appointment: a.appointmentId } })
    ).json() as Appointment;
    expect(soon.videoLink).toBe(`https://meet.example/tend/${a.appointmentId}`);
  });
});

describe('moving and cancelling, and the e-mails', () => {
  const move = (user: string, id: string, body: Record<string, unknown>) =>
    op(user, 'moveAppointment', { params: { appointment: id }, payload: body });
  const cancel = (user: string, id: string, reason: string) =>
    op(user, 'cancelAppointment', { params: { appointment: id }, payload: { reason } });

  it('mails both a confirmation with a calendar file, then the change (same UID, SEQUENCE 1), then the cancellation', async () => {
    const a = await bookFirst();
    for (const to of ['patient@example.com', 'therapist@example.com']) {
      const [mail] = mailsTo(t.mailer, to);
      expect(mail?.subject).toBe('Tend: your appointment is booked');
      const [file] = mail!.attachments;
      expect(file).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar' });
      const cal = readCalendar(file!.text);
      expect(cal.get('METHOD')).toEqual(['REQUEST']);
      expect(cal.get('UID')).toEqual([`appointment-${a.appointmentId}@tend`]);
      expect(cal.get('SEQUENCE')).toEqual(['0']);
      expect(calendarTime(cal.get('DTSTART')![0]!)).toBe(Date.parse(a.start));
      expect(calendarTime(cal.get('DTEND')![0]!)).toBe(Date.parse(a.end));
      expect(mail!.text).not.toContain('undefined');
    }
    const slots = (await slotsFor('patient', '?therapistId=therapist-1')).json() as { slots: Slot[] };
    const target = slots.slots[5]!;
    const moved = await move('patient', a.appointmentId, { start: target.start, reason: 'Work meeting' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ start: target.start, sequence: 1, moveReason: 'Work meeting' });
    const change = mailsTo(t.mailer, 'therapist@example.com')[1]!;
    expect(change.subject).toBe('Tend: your appointment has moved');
    const changed = readCalendar(change.attachments[0]!.text);
    expect(changed.get('UID')).toEqual([`appointment-${a.appointmentId}@tend`]);
    expect(changed.get('SEQUENCE')).toEqual(['1']);
    expect(calendarTime(changed.get('DTSTART')![0]!)).toBe(Date.parse(target.start));
    // The old time is free again, the new one taken.
    const now = (await slotsFor('patient2', '?therapistId=therapist-1')).json() as { slots: Slot[] };
    expect(now.slots.some((s) => s.start === a.start)).toBe(true);
    expect(now.slots.some((s) => s.start === target.start)).toBe(false);

    const cancelled = await cancel('therapist', a.appointmentId, 'I am unwell');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'therapist',
      cancelReason: 'I am unwell',
      sequence: 2,
    });
    const note = mailsTo(t.mailer, 'patient@example.com')[2]!;
    expect(note.subject).toBe('Tend: your appointment is cancelled');
    expect(note.text).toContain('I am unwell');
    const file = note.attachments[0]!;
    expect(file.contentType).toBe('text/calendar');
    const cal = readCalendar(file.text);
    expect(cal.get('METHOD')).toEqual(['CANCEL']);
    expect(cal.get('STATUS')).toEqual(['CANCELLED']);
    expect(cal.get('SEQUENCE')).toEqual(['2']);
    expect(cal.get('UID')).toEqual([`appointment-${a.appointmentId}@tend`]);
    // Cancelled: its time is free, and it cannot be changed again.
    expect((await cancel('patient', a.appointmentId, 'x')).json()).toMatchObject({
      code: 'appointment_cancelled',
    });
    expect((await move('therapist', a.appointmentId, { start: target.start })).statusCode).toBe(409);
  });

  it('the notice period binds patients only, and tells them to message their therapist', async () => {
    const a = await bookFirst();
    const soon = Math.ceil((Date.now() + 3 * HOUR) / 300_000) * 300_000;
    await t.db.deleteFrom('appointment_blocks').where('appointment_id', '=', a.appointmentId).execute();
    await t.db
      .updateTable('appointments')
      .set({ starts_at: new Date(soon), ends_at: new Date(soon + 50 * 60_000) })
      .where('id', '=', a.appointmentId)
      .execute();
    const refused = await cancel('patient', a.appointmentId, 'Cannot come');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'notice_period' });
    expect((refused.json() as { message: string }).message).toMatch(/message your therapist/);
    const slot = await firstSlot();
    const notMoved = await move('patient', a.appointmentId, { start: slot.start });
    expect(notMoved.json()).toMatchObject({ code: 'notice_period' });
    // The therapist may move it anywhere free in the future, on the 5-minute grid.
    const offGrid = await move('therapist', a.appointmentId, {
      start: new Date(soon + 2 * HOUR + 60_000).toISOString(),
    });
    expect(offGrid.statusCode).toBe(400);
    const byTherapist = await move('therapist', a.appointmentId, {
      start: new Date(soon + 2 * HOUR).toISOString(),
    });
    expect(byTherapist.statusCode, byTherapist.body).toBe(200);
    expect((await cancel('therapist', a.appointmentId, 'Ill')).statusCode).toBe(200);
  });

  it('a therapist’s move onto another appointment is refused (409 slot_taken)', async () => {
    const slots = ((await slotsFor('patient', '?therapistId=therapist-1')).json() as { slots: Slot[] }).slots;
    const a = (
      await book('patient', { therapistId: 'therapist-1', start: slots[0]!.start, kind: 'video' })
    ).json() as Appointment;
    const b = (
      await book('patient2', { therapistId: 'therapist-1', start: slots[2]!.start, kind: 'video' })
    ).json() as Appointment;
    const clash = await move('therapist', a.appointmentId, {
      start: new Date(Date.parse(b.start) + 10 * 60_000).toISOString(),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'slot_taken' });
  });
});

describe('availability changes never strand a booked appointment', () => {
  it('refuses deleting or shrinking the hours an appointment is in, and a timezone change that moves them away', async () => {
    const a = await bookFirst();
    // The therapist's hours become exactly the appointment's time (UTC), on its day.
    const hhmm = (iso: string) => iso.slice(11, 16);
    const day = new Date(a.start).getUTCDay() || 7;
    await t.db.deleteFrom('therapist_availability').where('therapist_id', '=', 'therapist-1').execute();
    await t.db
      .insertInto('therapist_availability')
      .values([
        {
          id: 'exact',
          therapist_id: 'therapist-1',
          day_of_week: day,
          start_minute: Number(hhmm(a.start).slice(0, 2)) * 60 + Number(hhmm(a.start).slice(3)),
          end_minute: Number(hhmm(a.end).slice(0, 2)) * 60 + Number(hhmm(a.end).slice(3)),
        },
        {
          // Three days after the appointment's: no zone change of the test brings it to the appointment's
          // instants (on the next day, 00:00-01:00 in Tokyo is 15:00-16:00 UTC, where the first slot falls
          // when the test runs between 03:00 and 04:00 UTC).
          id: 'other',
          therapist_id: 'therapist-1',
          day_of_week: ((day + 2) % 7) + 1,
          start_minute: 0,
          end_minute: 60,
        },
      ])
      .execute();
    const del = (slotId: string) => op('therapist', 'deleteAvailabilitySlot', { query: { slotId } });
    const put = (start: string, end: string) =>
      op('therapist', 'updateAvailabilitySlot', { payload: { id: 'exact', dayOfWeek: day, start, end } });
    const zone = (timezone: string) => op('therapist', 'updateMyTimezone', { payload: { timezone } });

    const refused = await del('exact');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'appointments_affected',
      details: { appointments: [{ appointmentId: a.appointmentId, start: a.start, end: a.end }] },
    });
    expect((await put(hhmm(a.start), '23:59')).statusCode).toBe(200); // still covers it
    const shrink = await put(hhmm(a.start), hhmm(new Date(Date.parse(a.start) + 25 * 60_000).toISOString()));
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json()).toMatchObject({ code: 'appointments_affected' });
    expect((await put(hhmm(a.start), hhmm(a.end))).statusCode).toBe(200);
    // Nine hours ahead, the same wall-clock hours are other instants; another UTC+0 zone keeps them.
    expect((await zone('Asia/Tokyo')).json()).toMatchObject({ code: 'appointments_affected' });
    expect((await zone('Africa/Abidjan')).statusCode).toBe(200);
    expect((await del('other')).statusCode).toBe(204);
    // Once cancelled, the hours are the therapist's to change.
    await op('therapist', 'cancelAppointment', {
      params: { appointment: a.appointmentId },
      payload: { reason: 'Hours change' },
    });
    expect((await del('exact')).statusCode).toBe(204);
  });
});

describe('daylight-saving weeks', () => {
  it('a Sunday 09:00 slot in London is 09:00 UTC before the clocks go forward and 08:00 UTC after', async () => {
    await t.db.deleteFrom('therapist_availability').where('therapist_id', '=', 'therapist-1').execute();
    await t.db
      .updateTable('therapists')
      .set({ timezone: 'Europe/London' })
      .where('id', '=', 'therapist-1')
      .execute();
    await t.db
      .insertInto('therapist_availability')
      .values({ id: 'sun', therapist_id: 'therapist-1', day_of_week: 7, start_minute: 540, end_minute: 600 })
      .execute();
    // The next last Sunday of March at least a day away (clocks go forward at 01:00 UTC).
    const now = new Date();
    let year = now.getUTCFullYear();
    const lastSundayOfMarch = (y: number) => {
      const d = new Date(Date.UTC(y, 2, 31));
      return Date.UTC(y, 2, 31 - d.getUTCDay());
    };
    if (lastSundayOfMarch(year) - Date.now() < 2 * DAY) year += 1;
    const change = lastSundayOfMarch(year);
    const from = new Date(change - 8 * DAY).toISOString();
    const to = new Date(change + 2 * DAY).toISOString();
    const res = await slotsFor('therapist', `?from=${from}&to=${to}`);
    const starts = (res.json() as { slots: Slot[] }).slots.map((s) => s.start);
    expect(starts).toEqual([
      new Date(change - 7 * DAY + 9 * HOUR).toISOString(),
      new Date(change + 8 * HOUR).toISOString(),
    ]);
  });
});
