// Tag appointments: an organisation's appointment settings (its administrators); free slots (patients: their
// care team's therapists; therapists: their own); booking (a patient with a therapist of their care team);
// one appointment, moving and cancelling (its patient and its therapist only: 404 for everyone else, as for
// an id that does not exist).
import {
  ASSIGNED,
  LEAD,
  ORG_X,
  ROLES,
  adminOfX,
  entry,
  reveals,
  type Entry,
  type MatrixContext,
  type Role,
} from '../roles.ts';

const HOURS = [
  'appt-matrix-1',
  'appt-matrix-2',
  'appt-matrix-3',
  'appt-matrix-4',
  'appt-matrix-5',
  'appt-matrix-6',
  'appt-matrix-7',
];
/** Patients and therapists, each on their own: [401, A, B, assigned, unassigned, lead, admin X, admin Y, data-export]. */
const careSides = (ok: number): Entry['expect'] => [401, ok, ok, ok, ok, ok, 403, 403, 403];
/** An appointment of A with the lead: A and the lead; other patients and therapists 404; others 403 by scope. */
const aAndLead = (ok: number): Entry['expect'] => [401, ok, 404, 404, 404, ok, 403, 403, 403];

/** Whole days of hours (UTC) for A's lead and A's assigned therapist, beside any they have. */
async function hours(m: MatrixContext) {
  for (const therapistId of [LEAD, ASSIGNED])
    await m.t.db
      .insertInto('therapist_availability')
      .values(
        HOURS.map((id, i) => ({
          id: `${id}-${therapistId}`,
          therapist_id: therapistId,
          day_of_week: i + 1,
          start_minute: 0,
          end_minute: 1440,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
}

async function restore(m: MatrixContext) {
  await m.t.db.deleteFrom('appointments').execute();
  await m.t.db.deleteFrom('appointment_notices').execute();
  await m.t.db.deleteFrom('jobs').where('kind', '=', 'appointment-reminder').execute();
  await m.t.db.deleteFrom('therapist_availability').where('id', 'like', 'appt-matrix-%').execute();
}

/** The n-th free slot of `therapistId` patient A is offered (a different one per role, so calls never collide). */
async function slotOfA(m: MatrixContext, therapistId: string, n: number): Promise<string> {
  await hours(m);
  const res = await m.inject('patientA', {
    method: 'GET',
    url: `/appointments/slots?therapistId=${therapistId}`,
  });
  if (res.statusCode !== 200) throw new Error(`listAppointmentSlots ${res.statusCode} ${res.body}`);
  const slot = (res.json() as { slots: Array<{ start: string }> }).slots[n];
  if (!slot) throw new Error('no free slot');
  return slot.start;
}

/** A fresh appointment of patient A with the lead (booked through the API). */
async function appointmentOfA(m: MatrixContext, role: Role): Promise<string> {
  const start = await slotOfA(m, LEAD, 2 * ROLES.indexOf(role));
  const res = await m.inject('patientA', {
    method: 'POST',
    url: '/appointments',
    payload: { therapistId: LEAD, start, kind: 'video' },
  });
  if (res.statusCode !== 201) throw new Error(`bookAppointment ${res.statusCode} ${res.body}`);
  return (res.json() as { appointmentId: string }).appointmentId;
}

const SETTINGS = `/organisation/${ORG_X}/appointment-settings`;

/**
 * A listing every patient and therapist makes (each on their own), over what `setUp` makes once, before the
 * first role's call; `check` says what each role may see. The appointments are cleared after the entry.
 */
const listedByEach = (
  operationId: string,
  setUp: (m: MatrixContext) => Promise<unknown>,
  check: NonNullable<Entry['check']>,
): Entry =>
  entry(
    operationId,
    careSides(200),
    async (role, m) => {
      if (role === 'anonymous') await setUp(m);
      return {};
    },
    { check, restore, colleague: 200 },
  );

export const entries: Entry[] = [
  entry('getOrganisationAppointmentSettings', adminOfX(200), () => ({ params: { organisation: ORG_X } })),
  entry(
    'updateOrganisationAppointmentSettings',
    adminOfX(200),
    async (_role, m) => {
      const current = await m.inject('orgAdmin', { method: 'GET', url: SETTINGS });
      return {
        params: { organisation: ORG_X },
        headers: { ETag: String(current.headers.etag) },
        body: { slotMinutes: 50 },
      };
    },
    { restore: async (m) => void (await m.t.db.deleteFrom('appointment_settings').execute()) },
  ),
  // A's care team (lead and assigned) is what A sees; B (lead only) never sees the assigned therapist.
  entry('listAppointmentSlots', careSides(200), () => ({}), {
    check: reveals({ hidden: { patientB: [ASSIGNED] }, shown: { patientA: [ASSIGNED, LEAD] } }),
    colleague: 200,
  }),
  // The appointment of A with the lead: A and the lead see it, nobody else.
  listedByEach(
    'listAppointments',
    (m) => appointmentOfA(m, 'anonymous'),
    (role, body) => {
      const items = (body as { items: Array<{ patientId: string; therapistId: string }> }).items;
      const mine = ['patientA', 'lead'].includes(role);
      if (mine && items.length === 0) return 'the appointment of A is missing';
      if (!mine && items.length > 0) return `sees ${items.length} appointment(s) of others`;
      return undefined;
    },
  ),
  // A books with A's assigned therapist; B may not (not in B's care team); nobody else books at all.
  entry(
    'bookAppointment',
    [401, 201, 403, 403, 403, 403, 403, 403, 403],
    async (role, m) => ({
      body: { therapistId: ASSIGNED, start: await slotOfA(m, ASSIGNED, ROLES.indexOf(role)), kind: 'phone' },
    }),
    { restore, colleague: 403 },
  ),
  entry(
    'getAppointment',
    aAndLead(200),
    async (role, m) => ({ params: { appointment: await appointmentOfA(m, role) } }),
    { restore },
  ),
  entry(
    'moveAppointment',
    aAndLead(200),
    async (role, m) => ({
      params: { appointment: await appointmentOfA(m, role) },
      body: {
        start: await slotOfA(m, LEAD, 2 * ROLES.indexOf(role) + 1),
        reason: 'Another time suits better.',
      },
    }),
    { restore },
  ),
  // A books with the lead (a notice to the lead), the lead cancels (a notice to A): each sees only their own.
  listedByEach(
    'listAppointmentNotices',
    async (m) => {
      const id = await appointmentOfA(m, 'anonymous');
      const res = await m.inject('lead', {
        method: 'POST',
        url: `/appointments/${id}/cancel`,
        payload: { reason: 'Unwell' },
      });
      if (res.statusCode !== 200) throw new Error(`cancelAppointment ${res.statusCode} ${res.body}`);
    },
    (role, body) => {
      const items = (body as { items: Array<{ change: string }> }).items;
      const expected = role === 'lead' ? 'booked' : role === 'patientA' ? 'cancelled' : null;
      if (expected && !(items.length === 1 && items[0]!.change === expected))
        return `expected one ${expected} notice, got ${JSON.stringify(items)}`;
      if (!expected && items.length > 0) return `sees ${items.length} notice(s) of others`;
      return undefined;
    },
  ),
  // Each role names a fresh notice of the lead's: only the lead's own call marks it (the others' change
  // nothing, so the lead still has the five notices of the calls before theirs).
  entry(
    'markAppointmentNoticesSeen',
    careSides(200),
    async (role, m) => {
      const id = await appointmentOfA(m, role);
      const notice = await m.t.db
        .selectFrom('appointment_notices')
        .select('id')
        .where('appointment_id', '=', id)
        .executeTakeFirstOrThrow();
      return { body: { noticeIds: [notice.id] } };
    },
    {
      check: (role, body) => {
        const unseen = (body as { unseen: number }).unseen;
        if (role === 'lead' && unseen < 5) return `the lead has ${unseen} unseen: others marked theirs`;
        if (role !== 'lead' && unseen !== 0) return `${unseen} unseen notices of others`;
        return undefined;
      },
      restore,
      colleague: 200,
    },
  ),
  entry(
    'cancelAppointment',
    aAndLead(200),
    async (role, m) => ({
      params: { appointment: await appointmentOfA(m, role) },
      body: { reason: 'Cannot make it.' },
    }),
    { restore },
  ),
];
