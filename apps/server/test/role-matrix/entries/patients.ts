// Tag patients: patient A's record, seen by A and A's therapists; sharing is A's own decision.
import { json } from '../../../src/db/index.ts';
import {
  ASSIGNED,
  PATIENT_A,
  THERAPIST_Y,
  careOfA,
  entry,
  reveals,
  statuses,
  therapistsOfA,
  type Entry,
  type MatrixContext,
} from '../roles.ts';

const A = { patientId: PATIENT_A };

/** Patient A's safety plan (written by A, shared by default). */
async function safetyPlanOfA(m: MatrixContext): Promise<void> {
  const content = { sections: { coping: ['A walk by the river'] } };
  await m.t.db
    .insertInto('cloud_documents')
    .values({
      owner_id: PATIENT_A,
      name: 'safety-plan',
      data_structure_version: 1,
      content: json(content),
      timestamp: 1,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['owner_id', 'name', 'data_structure_version']).doNothing())
    .execute();
}

/** Patient A's welfare contact (as A chose it). */
async function contactOfA(m: MatrixContext): Promise<void> {
  await m.t.db
    .insertInto('patient_welfare_contacts')
    .values({ patient_id: PATIENT_A, name: 'Jo Bloggs', email: 'jo@example.org' })
    .onConflict((oc) => oc.column('patient_id').doUpdateSet({ name: 'Jo Bloggs', email: 'jo@example.org' }))
    .execute();
}

export const entries: Entry[] = [
  entry('getPatient', careOfA(200), () => ({ params: A })),
  entry('getPatientGraph', careOfA(200), () => ({ params: A })),
  // A's safety plan: A's therapists only (A reads it as their own cloud document), while A shares it.
  entry('getPatientSafetyPlan', therapistsOfA(200), async (_role, m) => {
    await safetyPlanOfA(m);
    return { params: A };
  }),
  // Therapists A could be referred to: of A's organisation tree, never organisation Y's.
  entry('listEligibleTherapists', careOfA(200), () => ({ params: A, query: { purpose: 'invite' } }), {
    check: reveals({
      hidden: { patientA: [THERAPIST_Y], assignedTherapist: [THERAPIST_Y], lead: [THERAPIST_Y] },
    }),
  }),
  entry('shareDataWithTherapist', statuses({ anonymous: 401, patientA: 200, others: 403 }), () => ({
    params: { ...A, therapistId: ASSIGNED },
  })),
  // A names their own welfare contact; nobody else may (B, A's therapists, admins: 403).
  entry('setWelfareContact', statuses({ anonymous: 401, patientA: 200, others: 403 }), () => ({
    params: A,
    body: { name: 'Jo Bloggs', email: 'jo@example.org' },
  })),
  // A reads their own welfare contact and the welfare e-mails sent to it; nobody else (403).
  entry('getWelfareContact', statuses({ anonymous: 401, patientA: 200, others: 403 }), async (_role, m) => {
    await contactOfA(m);
    return { params: A };
  }),
  entry(
    'deleteWelfareContact',
    statuses({ anonymous: 401, patientA: 204, others: 403 }),
    async (_role, m) => {
      await contactOfA(m);
      return { params: A };
    },
  ),
  // What A's therapists would send A's welfare contact.
  entry('previewWelfareEmail', therapistsOfA(200), async (_role, m) => {
    await contactOfA(m);
    return { params: A };
  }),
];
