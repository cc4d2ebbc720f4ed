// Tag therapist: a therapist's own profile and availability; care-team calls on patient A by A's therapists.
import {
  ASSIGNED,
  PATIENT_A,
  ROLES,
  reveals,
  entry,
  signedIn,
  therapistsOfA,
  therapistsOwn,
  type Entry,
} from '../roles.ts';
import { restoreCareTeamOfA, slotOf } from './support.ts';

const A = { patientId: PATIENT_A };

export const entries: Entry[] = [
  entry('listAssignedPatients', therapistsOwn(200), () => ({ query: { limit: 100 } }), {
    check: reveals({
      hidden: { unassignedTherapist: [PATIENT_A] },
      shown: { assignedTherapist: [PATIENT_A], lead: [PATIENT_A] },
    }),
  }),
  entry('setPatientHighRisk', therapistsOfA(200), () => ({ params: A, body: { highRisk: false } })),
  entry('isLeadTherapist', therapistsOfA(200), () => ({ params: A })),
  // What is new in A's record since the caller last looked, and marking it seen: A's therapists only.
  entry('getSinceLastLook', therapistsOfA(200), () => ({ params: A })),
  entry('markRecordSeen', therapistsOfA(200), () => ({
    params: A,
    body: { upTo: new Date().toISOString() },
  })),
  entry('getMyTherapistDetails', therapistsOwn(200)),
  entry('updateBiography', therapistsOwn(200), () => ({ body: { biography: 'CBT.' } })),
  entry('getMyTimezone', therapistsOwn(200)),
  entry('updateMyTimezone', therapistsOwn(200), () => ({ body: { timezone: 'Europe/London' } })),
  entry('updateTherapistName', therapistsOwn(200), () => ({ body: { firstName: 'A', lastName: 'B' } })),
  entry('listMyAvailability', therapistsOwn(200)),
  entry('createAvailabilitySlot', therapistsOwn(201), (role) => ({
    body: { dayOfWeek: 1, start: `0${ROLES.indexOf(role)}:00`, end: `0${ROLES.indexOf(role)}:30` },
  })),
  entry('updateAvailabilitySlot', therapistsOwn(200), async (role, m) => ({
    body: { id: await slotOf(m, role), dayOfWeek: 7, start: '12:00', end: '13:00' },
  })),
  entry('deleteAvailabilitySlot', therapistsOwn(204), async (role, m) => ({
    query: { slotId: await slotOf(m, role) },
  })),
  // The profile of the assigned therapist: seen by their patient A (not by B, whom they do not treat), by
  // themselves, by a colleague of their organisation (the lead, and the unassigned therapist of X itself)
  // and by its administrator; not by the therapist of X's child organisation.
  entry(
    'getTherapistProfile',
    [401, 200, 403, 200, 403, 200, 200, 403, 403],
    () => ({ params: { therapist: ASSIGNED } }),
    { colleague: 200 },
  ),
  entry('getTimezones', signedIn(200)),
  // A therapist takes on patient A with the access code A's app shows: A's therapists are already in the
  // team (200); the unassigned therapist works in X's child organisation, outside A's reach (404, the code
  // is "not known" there); a therapist of X itself takes A on with it (200, invited; the team is put back).
  entry(
    'redeemPatientAccessCode',
    [401, 403, 403, 200, 404, 200, 403, 403, 403],
    async (_role, m) => {
      await restoreCareTeamOfA(m);
      const res = await m.inject('patientA', { method: 'GET', url: '/patient/get-access-code' });
      if (res.statusCode !== 200) throw new Error(`getAccessCode ${res.statusCode} ${res.body}`);
      return { body: { accessCode: (res.json() as { code: string }).code } };
    },
    { restore: restoreCareTeamOfA, colleague: 200 },
  ),
  // Each of A's therapists leaves A's care team (put back before each call and after the entry).
  entry(
    'dischargePatient',
    therapistsOfA(204),
    async (_role, m) => {
      await restoreCareTeamOfA(m);
      return { params: A };
    },
    { restore: restoreCareTeamOfA },
  ),
];
