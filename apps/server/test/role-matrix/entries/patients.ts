// Tag patients: patient A's record, seen by A and A's therapists; sharing is A's own decision.
import { ASSIGNED, PATIENT_A, careOfA, entry, statuses, type Entry } from '../roles.ts';

const A = { patientId: PATIENT_A };

export const entries: Entry[] = [
  entry('getPatient', careOfA(200), () => ({ params: A })),
  entry('getPatientGraph', careOfA(200), () => ({ params: A })),
  entry('listEligibleTherapists', careOfA(200), () => ({ params: A, query: { purpose: 'invite' } })),
  entry('shareDataWithTherapist', statuses({ anonymous: 401, patientA: 200, others: 403 }), () => ({
    params: { ...A, therapistId: ASSIGNED },
  })),
];
