// Tag intake: the organisation's numbers (its administrators), its intake queue, placing and moving
// patients and the therapists' load (its administrators and its lead therapists: none of the matrix's
// therapists leads X's intake, so each gets the same 404 as an administrator of another organisation).
import {
  ASSIGNED,
  LEAD,
  ORG_X,
  PATIENT_A,
  adminOfX,
  entry,
  therapistsOwn,
  type Entry,
  type Expect,
} from '../roles.ts';
import { noticeFor, patientOfX } from './support.ts';

const X = { organisation: ORG_X };
/** Administrators of X; therapists who do not lead X's intake get 404, like another organisation's administrator. */
const intakeOfX = (ok: number): Expect => [401, 403, 403, 404, 404, 404, ok, 404, 403];

export const entries: Entry[] = [
  entry('getOrganisationNumbers', adminOfX(200), () => ({ params: X })),
  entry('listIntakeQueue', intakeOfX(200), () => ({ params: X })),
  entry('listTherapistLoad', intakeOfX(200), () => ({ params: X })),
  entry('assignIntakePatients', intakeOfX(200), async (_role, m) => ({
    params: X,
    body: { therapistId: ASSIGNED, patientIds: [await patientOfX(m)] },
  })),
  entry('reassignPatient', intakeOfX(200), async (_role, m) => {
    const patient = await patientOfX(m);
    await m.t.db
      .insertInto('care_team')
      .values({ patient_id: patient, therapist_id: LEAD, role: 'lead', created_at: new Date() })
      .execute();
    return {
      params: { ...X, patient },
      body: { therapistId: ASSIGNED, reason: 'Closer to their working hours' },
    };
  }),
  // Each therapist asks which organisations' intake they run (none of the matrix's therapists is a lead: an empty list).
  entry('listMyIntakeOrganisations', therapistsOwn(200)),
  // Each therapist lists their own alerts of new patients.
  entry('listMyPlacements', therapistsOwn(200)),
  // An alert of the assigned therapist's: they dismiss it; another therapist gets 404, like an unknown id.
  entry(
    'dismissPlacement',
    [401, 403, 403, 204, 404, 404, 403, 403, 403],
    async (_role, m) => ({
      params: {
        noticeId: await noticeFor(m, {
          therapist_id: ASSIGNED,
          patient_id: PATIENT_A,
          kind: 'placed',
          payload: JSON.stringify({ organisationId: ORG_X, reassigned: false }) as never,
        }),
      },
    }),
    { colleague: 404 },
  ),
];
