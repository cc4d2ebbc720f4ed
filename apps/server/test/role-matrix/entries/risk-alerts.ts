// Tag risk-alerts: a therapist's own high-risk alerts (of patients in their care) and patient A's risk
// history for A's therapists.
import { json } from '../../../src/db/index.ts';
import {
  ASSIGNED,
  LEAD,
  PATIENT_A,
  UNASSIGNED,
  entry,
  reveals,
  therapistsOfA,
  therapistsOwn,
  uidOf,
  type Entry,
  type MatrixContext,
} from '../roles.ts';
import { noticeFor, patientOfX } from './support.ts';

/** A fresh open alert about a patient (A unless named) for a therapist (the row setRisk leaves). */
function alertFor(
  m: MatrixContext,
  therapistId: string,
  patientId = PATIENT_A,
  route?: 'duty',
): Promise<string> {
  return noticeFor(m, {
    therapist_id: therapistId,
    patient_id: patientId,
    kind: 'high-risk',
    ...(route ? { route } : {}),
    payload: json({
      reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
      source: 'phq9-item9',
    }),
  });
}

/** A fresh patient of X without a therapist, and a duty alert about them for a therapist. */
async function dutyAlertFor(m: MatrixContext, therapistId: string): Promise<string> {
  return alertFor(m, therapistId, await patientOfX(m), 'duty');
}

export const entries: Entry[] = [
  // A therapist takes on the patient of their own duty alert; nobody else may.
  entry('takeOnPatientFromAlert', therapistsOwn(200), async (role, m) => ({
    params: {
      alertId: await dutyAlertFor(
        m,
        ['assignedTherapist', 'unassignedTherapist', 'lead'].includes(role) ? uidOf(role)! : LEAD,
      ),
    },
  })),
  // Each therapist lists their own: A's two therapists see A's alerts; the unassigned therapist has an
  // alert row about A too, but A is not in their care, so it is not listed.
  entry(
    'listRiskAlerts',
    therapistsOwn(200),
    async (_role, m) => {
      await alertFor(m, LEAD);
      await alertFor(m, ASSIGNED);
      await alertFor(m, UNASSIGNED);
      return { query: { status: 'all', limit: 100 } };
    },
    {
      check: reveals({
        hidden: { unassignedTherapist: [PATIENT_A] },
        shown: { assignedTherapist: [PATIENT_A], lead: [PATIENT_A] },
      }),
    },
  ),
  // A's therapists acknowledge their own alert; anyone else's (here the assigned therapist's, for the
  // unassigned therapist) is "no such alert", like an unknown one.
  entry('acknowledgeRiskAlert', [401, 403, 403, 200, 404, 200, 403, 403, 403], async (role, m) => {
    const uid = uidOf(role);
    const own = uid === LEAD || uid === ASSIGNED;
    return {
      params: { alertId: await alertFor(m, own ? uid! : ASSIGNED) },
      body: { note: 'Called the patient.' },
    };
  }),
  entry('listPatientRiskHistory', therapistsOfA(200), () => ({ params: { patientId: PATIENT_A } })),
];
