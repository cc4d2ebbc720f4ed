// Tag patient: the signed-in patient's own care data.
import { ASSIGNED, entry, patientsOwn, reveals, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  // Each patient's own care team: the assigned therapist is A's, not B's.
  entry('listMyTherapists', patientsOwn(200), () => ({}), {
    check: reveals({ hidden: { patientB: [ASSIGNED] }, shown: { patientA: [ASSIGNED] } }),
  }),
  // Each patient's own safety net: A's therapist is named to A, never to B.
  entry('getPatientSafetyNet', patientsOwn(200), () => ({}), {
    check: reveals({ hidden: { patientB: [ASSIGNED] }, shown: { patientA: [ASSIGNED] } }),
  }),
  entry('updateSafetyPlanSharing', patientsOwn(200), () => ({ body: { shared: true } })),
  entry('getAccessCode', patientsOwn(200)),
  entry('renewAccessCode', patientsOwn(200)),
  entry('notifyScores', patientsOwn(200), () => ({ query: { phqScore: 3 } })),
  entry('getMyGraph', patientsOwn(200), () => ({ query: { startFrom: 0, endAt: 1 } })),
  // Only the patient themself, of their own data (the matrix's sessions are freshly signed in).
  entry('exportMyData', patientsOwn(200)),
];
