// The other side is told in the app (listAppointmentNotices / markAppointmentNoticesSeen): a patient's booking,
// move or cancellation is a notice to the appointment's therapist, a therapist's move or cancellation one to the
// patient; each person sees and marks seen only their own. Also: the caseload row's next appointment, and
// appointment settings inherited from the parent organisation. Patient-01 (A) has lead therapist-1 and invited
// therapist-2; therapist-3 works for the child organisation org-tend-north.
import { beforeEach, describe, expect, it } from 'vitest';
import { as, useCareTestApp } from '../patients/care-test-app.ts';
import { freshAppointments, operateResponder, responder, wholeDays } from './test-support.ts';

const t = useCareTestApp();
const call = responder(t);
const op = operateResponder(t);

beforeEach(async () => {
  await freshAppointments(t.db);
  await wholeDays(t.db, 'therapist-3', 'Europe/Oslo');
});

interface Notice {
  noticeId: string;
  appointmentId: string;
  change: string;
  by: string;
  start: string;
  previousStart: string | null;
  reason: string | null;
  patientName: string;
  therapistName: string;
}
interface Slot {
  therapistId: string;
  start: string;
  end: string;
}

const notices = async (user: string) => {
  const res = await op(user, 'listAppointmentNotices');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Notice[]; unseen: number };
};
const markSeen = (user: string, noticeIds: string[]) =>
  op(user, 'markAppointmentNoticesSeen', { payload: { noticeIds } });
const slots = async (user: string, query = '') => {
  const res = await call('listAppointmentSlots', {
    method: 'GET',
    url: `/appointments/slots${query}`,
    headers: as(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rules: { slotMinutes: number }; slots: Slot[] };
};
const bookNth = async (n = 0) => {
  const slot = (await slots('patient', '?therapistId=therapist-1')).slots[n]!;
  const res = await op('patient', 'bookAppointment', {
    payload: { therapistId: 'therapist-1', start: slot.start, kind: 'phone' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { appointmentId: string; start: string };
};

describe('appointment notices', () => {
  it('tells the therapist of a booking, and only them', async () => {
    const a = await bookNth();
    const therapist = await notices('therapist');
    expect(therapist.unseen).toBe(1);
    expect(therapist.items).toEqual([
      expect.objectContaining({
        appointmentId: a.appointmentId,
        change: 'booked',
        by: 'patient',
        start: a.start,
        previousStart: null,
        reason: null,
        patientName: 'Sam Taylor',
      }),
    ]);
    // The patient made the change: nothing to tell them. Another therapist of the care team is not told.
    expect((await notices('patient')).items).toEqual([]);
    expect((await notices('therapist2')).items).toEqual([]);
  });

  it('tells the patient of the therapist’s move (before and after, the reason) and cancellation', async () => {
    const a = await bookNth(0);
    const to = (await slots('therapist')).slots.find((s) => s.start !== a.start)!;
    const moved = await op('therapist', 'moveAppointment', {
      params: { appointment: a.appointmentId },
      payload: { start: to.start, reason: 'A training day' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await op('therapist', 'cancelAppointment', {
      params: { appointment: a.appointmentId },
      payload: { reason: 'I am unwell' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const patient = await notices('patient');
    expect(patient.unseen).toBe(2);
    expect(patient.items.map((n) => n.change)).toEqual(['cancelled', 'moved']);
    expect(patient.items[1]).toMatchObject({
      by: 'therapist',
      start: to.start,
      previousStart: a.start,
      reason: 'A training day',
      therapistName: 'Alex Morgan',
    });
    expect(patient.items[0]).toMatchObject({ by: 'therapist', start: to.start, reason: 'I am unwell' });
    // The therapist's own changes are not notices to them (only the booking is).
    expect((await notices('therapist')).items.map((n) => n.change)).toEqual(['booked']);
  });

  it('tells the therapist of the patient’s move and cancellation', async () => {
    const a = await bookNth(0);
    const to = (await slots('patient', '?therapistId=therapist-1')).slots.find((s) => s.start !== a.start)!;
    expect(
      (
        await op('patient', 'moveAppointment', {
          params: { appointment: a.appointmentId },
          payload: { start: to.start },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await op('patient', 'cancelAppointment', {
          params: { appointment: a.appointmentId },
          payload: { reason: 'Feeling better' },
        })
      ).statusCode,
    ).toBe(200);
    const therapist = await notices('therapist');
    expect(therapist.items.map((n) => [n.change, n.by])).toEqual([
      ['cancelled', 'patient'],
      ['moved', 'patient'],
      ['booked', 'patient'],
    ]);
    expect(therapist.items[1]).toMatchObject({ previousStart: a.start, start: to.start, reason: null });
    expect((await notices('patient')).items).toEqual([]);
  });

  it('marks only the caller’s own notices seen', async () => {
    await bookNth(0);
    await bookNth(1);
    const before = await notices('therapist');
    expect(before.unseen).toBe(2);
    const [first, second] = before.items;
    // Someone else's ids change nothing.
    const other = await markSeen('patient', [first!.noticeId]);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ unseen: 0 });
    expect((await notices('therapist')).unseen).toBe(2);
    const own = await markSeen('therapist', [first!.noticeId, 'unknown-id']);
    expect(own.json()).toEqual({ unseen: 1 });
    expect((await notices('therapist')).items.map((n) => n.noticeId)).toEqual([second!.noticeId]);
    // An administrator is neither a patient nor a therapist.
    expect((await markSeen('admin', [second!.noticeId])).statusCode).toBe(403);
    expect((await markSeen('therapist', [])).statusCode).toBe(400);
  });
});

describe('the caseload row’s next appointment', () => {
  type Row = { patientId: string; nextAppointment?: { appointmentId: string; start: string } | null };
  const caseload = async (user: string, query: string) => {
    const res = await call('listAssignedPatients', {
      method: 'GET',
      url: `/therapist/assigned-patients?${query}`,
      headers: as(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Row[]; paginationCursor?: string | null };
  };
  /** Every row by the keyset cursor, `limit` a page. */
  const allByCursor = async (user: string, limit: number) => {
    const rows: Row[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await caseload(
        user,
        `limit=${limit}${cursor ? `&paginationCursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      rows.push(...page.items);
      cursor = page.paginationCursor;
    } while (cursor);
    return rows;
  };
  const rowOf = (rows: Row[], id: string) => rows.find((r) => r.patientId === id);

  it('gives the first booked appointment with the caller that has not ended, on the offset and the keyset reads', async () => {
    expect(rowOf((await caseload('therapist', 'limit=100')).items, 'patient-01')?.nextAppointment).toBeNull();
    const later = await bookNth(3);
    const sooner = await bookNth(1);
    const expected = { appointmentId: sooner.appointmentId, start: sooner.start, kind: 'phone' };
    expect(
      rowOf((await caseload('therapist', 'limit=100')).items, 'patient-01')?.nextAppointment,
    ).toMatchObject(expected);
    expect(rowOf(await allByCursor('therapist', 1), 'patient-01')?.nextAppointment).toMatchObject(expected);
    // Every offset page too.
    const offsetRows: Row[] = [];
    for (let skip = 0; skip < 10; skip += 2)
      offsetRows.push(...(await caseload('therapist', `limit=2&skip=${skip}`)).items);
    expect(rowOf(offsetRows, 'patient-01')?.nextAppointment).toMatchObject(expected);
    // The other patients of the caseload have none.
    expect(
      (await caseload('therapist', 'limit=100')).items
        .filter((r) => r.nextAppointment)
        .map((r) => r.patientId),
    ).toEqual(['patient-01']);
    // Another therapist of the care team does not see the lead's appointment on their row.
    expect(
      rowOf((await caseload('therapist2', 'limit=100')).items, 'patient-01')?.nextAppointment,
    ).toBeNull();
    // Cancelled: the next one is the later appointment; one that has ended is not "next".
    await op('therapist', 'cancelAppointment', {
      params: { appointment: sooner.appointmentId },
      payload: { reason: 'Unwell' },
    });
    expect(
      rowOf((await caseload('therapist', 'limit=100')).items, 'patient-01')?.nextAppointment?.appointmentId,
    ).toBe(later.appointmentId);
    await t.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() - 3 * 3_600_000), ends_at: new Date(Date.now() - 2 * 3_600_000) })
      .where('id', '=', later.appointmentId)
      .execute();
    expect(rowOf((await caseload('therapist', 'limit=100')).items, 'patient-01')?.nextAppointment).toBeNull();
  });
});

describe('appointment settings inherited from the parent organisation', () => {
  const get = async (organisation: string) => {
    const res = await op('admin', 'getOrganisationAppointmentSettings', { params: { organisation } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const patch = async (org: string, payload: Record<string, unknown>) => {
    const current = await get(org);
    const res = await op('admin', 'updateOrganisationAppointmentSettings', {
      params: { organisation: org },
      headers: { etag: current.headers.etag as string },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };

  it('resolves each value to the organisation’s own, else the parent’s, else the default, and says which', async () => {
    const fresh = (await get('org-tend-north')).json() as { inherited: Array<{ field: string }> };
    expect(fresh.inherited).toEqual(
      ['slotMinutes', 'horizonWeeks', 'noticeHours', 'kinds', 'videoLinkTemplate'].map((field) => ({
        field,
        organisationId: null,
        organisationName: null,
      })),
    );
    await patch('org-tend-health', {
      slotMinutes: 30,
      kinds: ['video', 'phone'],
      videoLinkTemplate: 'https://meet.example/{appointmentId}',
    });
    await patch('org-tend-north', { horizonWeeks: 2, kinds: ['chat'] });
    const child = (await get('org-tend-north')).json();
    expect(child).toMatchObject({
      slotMinutes: 30,
      horizonWeeks: 2,
      noticeHours: 12,
      kinds: ['chat'],
      videoLinkTemplate: 'https://meet.example/{appointmentId}',
      inherited: [
        { field: 'slotMinutes', organisationId: 'org-tend-health', organisationName: 'Tend Health' },
        { field: 'noticeHours', organisationId: null, organisationName: null },
        { field: 'videoLinkTemplate', organisationId: 'org-tend-health', organisationName: 'Tend Health' },
      ],
    });
    // The parent's own values are its own.
    expect((await get('org-tend-health')).json()).toMatchObject({
      inherited: [
        { field: 'horizonWeeks', organisationId: null },
        { field: 'noticeHours', organisationId: null },
      ],
    });
    // null gives a value back to the parent.
    const back = await patch('org-tend-north', { kinds: null });
    expect(back).toMatchObject({ kinds: ['video', 'phone'], horizonWeeks: 2 });
  });

  it('a child organisation’s free slots follow the parent’s slot length until it sets its own', async () => {
    await patch('org-tend-health', { slotMinutes: 30 });
    const inherited = await slots('therapist3');
    expect(inherited.rules.slotMinutes).toBe(30);
    expect(inherited.slots.length).toBeGreaterThan(0);
    for (const s of inherited.slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
    await patch('org-tend-north', { slotMinutes: 60 });
    const own = await slots('therapist3');
    expect(own.rules.slotMinutes).toBe(60);
    for (const s of own.slots.slice(0, 20)) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(60 * 60_000);
    // The parent's own value is untouched by the child's.
    expect((await slots('therapist')).rules.slotMinutes).toBe(30);
  });
});
