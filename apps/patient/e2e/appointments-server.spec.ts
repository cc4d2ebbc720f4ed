import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { joinDemoTherapist, newPatient, type Patient } from './support.ts';

// Appointments through the real stack (server, PostgreSQL or PGlite, the Auth emulator, SMTP to the
// development mailbox), before their screens exist: two fresh patients of the demo therapist book one slot
// at once (one appointment, one 409 with the free slots); the e-mails carry calendar files that parse, with
// one UID, a SEQUENCE that grows with the move, and METHOD:CANCEL when the therapist cancels.

/** A weekly slot of the demo therapist for this spec (Thursday 14:00-17:00 in their timezone), removed afterwards. */
const HOURS = { dayOfWeek: 4, start: '14:00', end: '17:00' };

interface Slot {
  therapistId: string;
  start: string;
  end: string;
}
interface Mail {
  to: string[];
  subject: string;
  date: string;
  attachments?: Array<{ filename: string; contentType: string; text: string }>;
}

/** An iCalendar text's properties by name (lines unfolded, parameters dropped). */
function readCalendar(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}
const utcOf = (value: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  expect(m, `a UTC date-time: ${value}`).toBeTruthy();
  return new Date(Date.UTC(+m![1]!, +m![2]! - 1, +m![3]!, +m![4]!, +m![5]!, +m![6]!)).toISOString();
};

/** The calendar file of the newest mail to `email` whose subject is `subject`, once it arrives. */
async function calendarMailed(request: APIRequestContext, email: string, subject: string) {
  let calendar: Map<string, string[]> | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_ROOT}/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mail = ((await response.json()) as Mail[]).filter((m) => m.subject === subject).at(-1);
        const file = mail?.attachments?.find((a) => a.contentType === 'text/calendar');
        calendar = file ? readCalendar(file.text) : undefined;
        return Boolean(calendar);
      },
      { timeout: 15_000, message: `a calendar file mailed to ${email}: ${subject}` },
    )
    .toBe(true);
  return calendar!;
}

test.describe('appointments through the real stack', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let first: Patient;
  let second: Patient;
  let therapistBearer: string;
  let bearers: [string, string];
  let slotId: string | null = null;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    first = await newPatient(request, 'appointments-a', 'Jamie');
    second = await newPatient(request, 'appointments-b', 'Sasha');
    therapistBearer = await joinDemoTherapist(request, first);
    await joinDemoTherapist(request, second);
    const created = await request.post(`${API_ROOT}/therapist/availability`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: HOURS,
    });
    if (created.status() === 201) slotId = ((await created.json()) as { id: string }).id;
    else expect(created.status(), await created.text()).toBe(409); // left by an earlier run
    bearers = [
      await signInByApi(request, first.email, ['patient']),
      await signInByApi(request, second.email, ['patient']),
    ];
  });
  test.afterAll(async ({ request }) => {
    if (slotId)
      await request.delete(`${API_ROOT}/therapist/availability?slotId=${encodeURIComponent(slotId)}`, {
        headers: { Authorization: `Bearer ${therapistBearer}` },
      });
  });

  test('two bookings of one slot at once: one appointment and one 409; the calendar files follow the changes', async ({
    request,
  }) => {
    const asPatient = (i: 0 | 1) => ({ Authorization: `Bearer ${bearers[i]}` });
    const listed = await request.get(`${API_ROOT}/appointments/slots`, { headers: asPatient(0) });
    expect(listed.status(), await listed.text()).toBe(200);
    const { slots, therapists } = (await listed.json()) as {
      slots: Slot[];
      therapists: Array<{ therapistId: string; timezone: string }>;
    };
    expect(therapists).toHaveLength(1);
    // A slot no earlier run has taken (each run's patients are new, so free for both of them).
    const slot = slots[0]!;
    const [a, b] = await Promise.all(
      ([0, 1] as const).map((i) =>
        request.post(`${API_ROOT}/appointments`, {
          headers: asPatient(i),
          data: { therapistId: slot.therapistId, start: slot.start, kind: 'video' },
        }),
      ),
    );
    expect([a!.status(), b!.status()].sort()).toEqual([201, 409]);
    const [won, lost] = a!.status() === 201 ? [0, 1] : [1, 0];
    const winner = [first, second][won]!;
    const refusal = (await (won === 0 ? b! : a!).json()) as { code: string; details: { freeSlots: Slot[] } };
    expect(refusal.code).toBe('slot_taken');
    expect(refusal.details.freeSlots.some((s) => s.start === slot.start)).toBe(false);
    const appointment = (await (won === 0 ? a! : b!).json()) as { appointmentId: string; start: string };
    const mine = await request.get(`${API_ROOT}/appointments`, { headers: asPatient(won as 0 | 1) });
    expect(
      ((await mine.json()) as { items: Array<{ appointmentId: string }> }).items.map((i) => i.appointmentId),
    ).toEqual([appointment.appointmentId]);
    const theirs = await request.get(`${API_ROOT}/appointments`, { headers: asPatient(lost as 0 | 1) });
    expect(((await theirs.json()) as { items: unknown[] }).items).toEqual([]);

    const uid = `appointment-${appointment.appointmentId}@tend`;
    const booked = await calendarMailed(request, winner.email, 'Tend: your appointment is booked');
    expect(booked.get('METHOD')).toEqual(['REQUEST']);
    expect(booked.get('UID')).toEqual([uid]);
    expect(booked.get('SEQUENCE')).toEqual(['0']);
    expect(utcOf(booked.get('DTSTART')![0]!)).toBe(slot.start);
    expect(utcOf(booked.get('DTEND')![0]!)).toBe(slot.end);

    const later = slots.find((s) => Date.parse(s.start) >= Date.parse(slot.end))!;
    const moved = await request.post(`${API_ROOT}/appointments/${appointment.appointmentId}/move`, {
      headers: asPatient(won as 0 | 1),
      data: { start: later.start, reason: 'A clash at work' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const change = await calendarMailed(request, winner.email, 'Tend: your appointment has moved');
    expect(change.get('UID')).toEqual([uid]);
    expect(change.get('SEQUENCE')).toEqual(['1']);
    expect(utcOf(change.get('DTSTART')![0]!)).toBe(later.start);

    const cancelled = await request.post(`${API_ROOT}/appointments/${appointment.appointmentId}/cancel`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: { reason: 'I am unwell' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const cancel = await calendarMailed(request, winner.email, 'Tend: your appointment is cancelled');
    expect(cancel.get('METHOD')).toEqual(['CANCEL']);
    expect(cancel.get('STATUS')).toEqual(['CANCELLED']);
    expect(cancel.get('UID')).toEqual([uid]);
    expect(cancel.get('SEQUENCE')).toEqual(['2']);
  });
});
