// The e-mails of an appointment, to its patient and its therapist: confirmation, change and cancellation,
// each with the appointment as an iCalendar file (the `ics` library: one stable UID per appointment, its
// SEQUENCE growing with every change, METHOD:CANCEL when cancelled, times in UTC), and the reminder the day
// before. No health data: neither the patient's note nor anything clinical is sent by e-mail.
import { createEvent, type EventAttributes } from 'ics';
import type { Db } from '../../db/index.ts';
import type { MailAttachment, Mailer } from '../../mail/mailer.ts';

export type AppointmentMail = 'booked' | 'moved' | 'cancelled' | 'reminder';

export interface MailRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  kind: string;
  status: string;
  sequence: number;
  cancel_reason: string | null;
  move_reason: string | null;
  cancelled_by: string | null;
  patient_email: string;
  patient_first: string;
  patient_last: string;
  therapist_email: string;
  therapist_first: string;
  therapist_last: string;
  therapist_timezone: string;
}

export async function mailRowOf(db: Db, appointmentId: string): Promise<MailRow | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .innerJoin('therapists as t', 't.id', 'a.therapist_id')
    .select([
      'a.id',
      'a.starts_at',
      'a.ends_at',
      'a.kind',
      'a.status',
      'a.sequence',
      'a.cancel_reason',
      'a.move_reason',
      'a.cancelled_by',
      'p.email as patient_email',
      'p.first_name as patient_first',
      'p.last_name as patient_last',
      't.email as therapist_email',
      't.first_name as therapist_first',
      't.last_name as therapist_last',
      't.timezone as therapist_timezone',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  return row as MailRow | undefined;
}

/** The calendar UID of an appointment: the same for every version, so calendar apps update one event. */
export const calendarUid = (appointmentId: string) => `appointment-${appointmentId}@tend`;

const KIND_WORDS: Record<string, string> = {
  video: 'a video call',
  phone: 'a phone call',
  'in-person': 'in person',
  chat: 'a chat in the Tend app',
};

/** `Tuesday 1 December 2026, 09:00 to 09:50 (Europe/London time)`. */
export function whenText(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone }).format(start);
  const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone });
  return `${day}, ${time.format(start)} to ${time.format(end)} (${timeZone} time)`;
}

/** The iCalendar file of the appointment as it now is (REQUEST, or CANCEL once cancelled). */
export function calendarFile(row: MailRow, forTherapist: boolean): MailAttachment {
  const cancelled = row.status === 'cancelled';
  const title = forTherapist
    ? `Tend session with ${row.patient_first} ${row.patient_last.slice(0, 1)}.`
    : `Tend session with ${row.therapist_first} ${row.therapist_last}`;
  const event: EventAttributes = {
    uid: calendarUid(row.id),
    sequence: row.sequence,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'tend/appointments',
    start: new Date(row.starts_at).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(row.ends_at).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title,
    description: `Held by ${KIND_WORDS[row.kind] ?? row.kind}. Open the Tend app for the details.`,
    organizer: { name: `${row.therapist_first} ${row.therapist_last}`, email: row.therapist_email },
    attendees: [
      {
        name: `${row.patient_first} ${row.patient_last}`,
        email: row.patient_email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('The calendar file could not be made.');
  return {
    filename: cancelled ? 'cancelled-appointment.ics' : 'appointment.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
    content: value,
  };
}

function message(row: MailRow, what: AppointmentMail, forTherapist: boolean) {
  const zone = row.therapist_timezone || 'UTC';
  const when = whenText(new Date(row.starts_at), new Date(row.ends_at), zone);
  const other = forTherapist
    ? `${row.patient_first} ${row.patient_last}`
    : `${row.therapist_first} ${row.therapist_last}`;
  const how = `It is held by ${KIND_WORDS[row.kind] ?? row.kind}.`;
  const app = forTherapist
    ? 'The therapist console has the details.'
    : 'The Tend app has the details; a video link shows there 10 minutes before the start.';
  switch (what) {
    case 'booked':
      return {
        subject: 'Tend: your appointment is booked',
        lines: [`Your appointment with ${other} is booked for ${when}.`, how, app],
      };
    case 'moved':
      return {
        subject: 'Tend: your appointment has moved',
        lines: [
          `Your appointment with ${other} has moved to ${when}.`,
          ...(row.move_reason ? [`The reason given: ${row.move_reason}`] : []),
          how,
          app,
        ],
      };
    case 'cancelled':
      return {
        subject: 'Tend: your appointment is cancelled',
        lines: [
          `Your appointment with ${other} on ${when} is cancelled${
            row.cancelled_by ? ` by the ${row.cancelled_by}` : ''
          }.`,
          ...(row.cancel_reason ? [`The reason given: ${row.cancel_reason}`] : []),
          forTherapist
            ? 'The time is free again in your hours.'
            : 'You can book another time in the Tend app, or message your therapist.',
        ],
      };
    case 'reminder':
      return {
        subject: 'Tend: your appointment is tomorrow',
        lines: [`A reminder: your appointment with ${other} is on ${when}.`, how, app],
      };
  }
}

/** Sends the e-mail of `what` to the patient and the therapist (with the calendar file, except reminders). */
export async function mailBoth(db: Db, mailer: Mailer, appointmentId: string, what: AppointmentMail) {
  const row = await mailRowOf(db, appointmentId);
  if (!row) return;
  for (const forTherapist of [false, true]) {
    const { subject, lines } = message(row, what, forTherapist);
    await mailer.send({
      to: forTherapist ? row.therapist_email : row.patient_email,
      subject,
      text: lines.join('\n\n'),
      ...(what === 'reminder' ? {} : { attachments: [calendarFile(row, forTherapist)] }),
    });
  }
}
