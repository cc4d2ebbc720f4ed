// Tag patients: patient A's record, seen by A and A's therapists; sharing is A's own decision.
import { ASSIGNED, PATIENT_A, THERAPIST_Y, careOfA, entry, reveals, statuses, type Entry } from '../roles.ts';

const A = { patientId: PATIENT_A };

export const entries: Entry[] = [
  entry('getPatient', careOfA(200), () => ({ params: A })),
  entry('getPatientGraph', careOfA(200), () => ({ params: A })),
  // Therapists A could be referred to: of A's organisation tree, never organisation Y's.
  entry('listEligibleTherapists', careOfA(200), () => ({ params: A, query: { purpose: 'invite' } }), {
    check: reveals({
      hidden: { patientA: [THERAPIST_Y], assignedTherapist: [THERAPIST_Y], lead: [THERAPIST_Y] },
    }),
  }),
  entry('shareDataWithTherapist', statuses({ anonymous: 401, patientA: 200, others: 403 }), () => ({
    params: { ...A, therapistId: ASSIGNED },
  })),
];
