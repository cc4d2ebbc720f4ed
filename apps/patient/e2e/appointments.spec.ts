import { expect, type Locator } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, resizeTo } from '../../../e2e/support/phone.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { joinDemoTherapist, signedInPatientTest } from './support.ts';

// A fresh patient of the demo therapist (Europe/London), themselves in New York, books a slot on screen, sees
// it on Today and on My care team, moves it and cancels it; when the therapist cancels one, the patient is told
// in the app (Today and Appointments, in their own timezone, with the reason) until they mark it seen; the
// pages are axe clean and fit 320 px.

const PATIENT_ZONE = 'America/New_York';
const THERAPIST_ZONE = 'Europe/London';
/** A weekly slot of the demo therapist for this spec (Wednesday 10:00-13:00 in London), removed afterwards. */
const HOURS = { dayOfWeek: 3, start: '10:00', end: '13:00' };

interface Slot {
  therapistId: string;
  start: string;
  end: string;
}

const inZone = (iso: string, zone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone }).format(new Date(iso));
const time = (iso: string, zone = PATIENT_ZONE) => inZone(iso, zone, { timeStyle: 'short' });
const day = (iso: string) => inZone(iso, PATIENT_ZONE, { weekday: 'long', day: 'numeric', month: 'long' });
const londonDay = (iso: string) => inZone(iso, THERAPIST_ZONE, { weekday: 'long' });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses a slot in the picker (showing more days until its day is there). */
async function chooseSlot(scope: Locator, slot: Slot) {
  const group = scope.getByRole('group', { name: day(slot.start) });
  for (let i = 0; i < 10 && !(await group.isVisible()); i++)
    await scope.getByRole('button', { name: 'Show more days' }).click();
  const label = `${time(slot.start)} · ${time(slot.start, THERAPIST_ZONE)} for your therapist (${THERAPIST_ZONE})`;
  const radio = group.getByRole('radio', { name: label });
  await group.getByText(label, { exact: true }).click();
  await expect(radio).toBeChecked();
}

let therapistBearer: string;
let patientBearer: string;
let availabilityId: string | null = null;
let slots: Slot[];
const test = signedInPatientTest('appointments-ui', 'Alex', {
  context: { timezoneId: PATIENT_ZONE },
  timeout: 180_000,
  prepare: async (request, patient) => {
    therapistBearer = await joinDemoTherapist(request, patient);
    const created = await request.post(`${API_ROOT}/therapist/availability`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: HOURS,
    });
    if (created.status() === 201) availabilityId = ((await created.json()) as { id: string }).id;
    else expect(created.status(), await created.text()).toBe(409); // left by an earlier run
    patientBearer = await signInByApi(request, patient.email, ['patient']);
    const listed = await request.get(`${API_ROOT}/appointments/slots`, {
      headers: { Authorization: `Bearer ${patientBearer}` },
    });
    expect(listed.status(), await listed.text()).toBe(200);
    // This spec's Wednesday slots (in London), in order.
    slots = ((await listed.json()) as { slots: Slot[] }).slots.filter(
      (s) =>
        londonDay(s.start) === 'Wednesday' &&
        time(s.start, THERAPIST_ZONE) >= HOURS.start &&
        time(s.start, THERAPIST_ZONE) < HOURS.end,
    );
    expect(slots.length).toBeGreaterThan(1);
  },
});

test.describe('patient app: appointments', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.afterAll(async ({ request }) => {
    if (availabilityId)
      await request.delete(
        `${API_ROOT}/therapist/availability?slotId=${encodeURIComponent(availabilityId)}`,
        {
          headers: { Authorization: `Bearer ${therapistBearer}` },
        },
      );
  });

  test('books a slot in their own timezone, with the therapist’s time noted, and sees it on Today', async ({
    page,
  }) => {
    const next = page.getByRole('region', { name: 'Your next appointment' });
    await expect(next.getByText('You have no appointment booked.')).toBeVisible();
    await next.getByRole('link', { name: 'Book an appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByText('You have no appointments booked.')).toBeVisible();
    await expect(page.getByText(`Times are shown in your timezone (${PATIENT_ZONE}).`)).toBeVisible();
    await expectNoA11yViolations(page);

    // Booking without a time asks for one.
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByText('Please choose a time.')).toBeVisible();

    const book = page.getByRole('region', { name: 'Book an appointment' });
    await chooseSlot(book, slots[0]!);
    await book.getByLabel('A note for your therapist (optional)').fill('I would like to talk about sleep.');
    await book.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your appointment is booked' })).toBeVisible();

    const mine = page.getByRole('region', { name: 'Your upcoming appointments' });
    const card = mine.getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(time(slots[0]!.start));
    await expect(card).toContainText(`That is ${time(slots[0]!.start, THERAPIST_ZONE)} for your therapist`);
    await expect(card).toContainText('Your note: I would like to talk about sleep.');
    await expectNoA11yViolations(page);

    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByTestId('next-appointment')).toContainText(time(slots[0]!.start));
    await page.getByRole('navigation').getByRole('link', { name: 'My care team' }).click();
    await expect(page.getByTestId('next-appointment')).toContainText(time(slots[0]!.start));
  });

  test('moves it to another free slot, then cancels it with a reason; both fit 320 px', async ({
    page,
    request,
  }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Appointments' }).click();
    const card = page.getByRole('region', { name: 'Your upcoming appointments' }).getByRole('listitem');
    await card.getByRole('button', { name: 'Move' }).click();
    const later = slots.find((s) => Date.parse(s.start) >= Date.parse(slots[0]!.end))!;
    await chooseSlot(card, later);
    await card.getByLabel(/Why are you moving it/).fill('A clash at work');
    await resizeTo(page, 320);
    await expectFitsPhone(page, 'moving an appointment at 320 px');
    await card.getByRole('button', { name: 'Move to this time' }).click();
    await expect(card).toContainText(new RegExp(escape(time(later.start))));
    await expect(card.getByRole('button', { name: 'Move' })).toBeVisible();

    const mine = await request.get(`${API_ROOT}/appointments?status=booked`, {
      headers: { Authorization: `Bearer ${patientBearer}` },
    });
    const items = ((await mine.json()) as { items: Array<{ start: string; moveReason: string | null }> })
      .items;
    expect(items.map((i) => [i.start, i.moveReason])).toEqual([[later.start, 'A clash at work']]);

    await card.getByRole('button', { name: 'Cancel appointment' }).click();
    await card.getByRole('button', { name: 'Cancel the appointment' }).click();
    await expect(card.getByText('Please say briefly why, so your therapist knows.')).toBeVisible();
    await card.getByLabel(/Why are you cancelling/).fill('I am feeling better this week');
    await expectFitsPhone(page, 'cancelling an appointment at 320 px');
    await card.getByRole('button', { name: 'Cancel the appointment' }).click();
    await expect(page.getByText('You have no appointments booked.')).toBeVisible();
    await expectFitsPhone(page, 'appointments at 320 px');
    await resizeTo(page, 1280);

    const after = await request.get(`${API_ROOT}/appointments?status=booked`, {
      headers: { Authorization: `Bearer ${patientBearer}` },
    });
    expect(((await after.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test('the therapist cancels; the patient is told in the app until they mark it seen', async ({
    page,
    request,
  }) => {
    const slot = slots[slots.length - 1]!;
    const booked = await request.post(`${API_ROOT}/appointments`, {
      headers: { Authorization: `Bearer ${patientBearer}` },
      data: { therapistId: slot.therapistId, start: slot.start, kind: 'phone' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { appointmentId, therapistName } = (await booked.json()) as {
      appointmentId: string;
      therapistName: string;
    };
    const cancelled = await request.post(`${API_ROOT}/appointments/${appointmentId}/cancel`, {
      headers: { Authorization: `Bearer ${therapistBearer}` },
      data: { reason: 'I am away at a conference' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    const notices = page.getByRole('region', { name: 'Changes to your appointments' });
    const notice = notices.getByTestId('appointment-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Appointment cancelled');
    await expect(notice).toContainText(`${therapistName} cancelled your session on`);
    // The patient's own time (New York), not the therapist's.
    await expect(notice).toContainText(time(slot.start));
    await expect(notice).toContainText('Reason given: I am away at a conference');
    await expectNoA11yViolations(page);
    await resizeTo(page, 320);
    await expectFitsPhone(page, 'Today with an appointment notice at 320 px');
    await resizeTo(page, 1280);

    // The same notice on Appointments; marked seen there, it leaves both pages.
    await page.getByRole('navigation').getByRole('link', { name: 'Appointments' }).click();
    await expect(notice).toHaveCount(1);
    await notice.getByRole('button', { name: /^Mark as seen: Appointment cancelled/ }).click();
    await expect(notices).toBeHidden();
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Your next appointment' })).toBeVisible();
    await expect(notices).toBeHidden();
  });
});
