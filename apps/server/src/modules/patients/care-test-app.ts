// Test support of the care modules (imported by *.test.ts only): an app over the demo data with the
// role-matrix users. The seeded care team: patient-01 has lead therapist-1 and invited therapist-2;
// patient-03 has lead therapist-1 only; therapist-3 works for the child organisation and cares for
// neither. The demo moments and risk flags are removed so each test writes exactly what it checks.
import type { AuthUser, ResolveUser } from '../../http/types.ts';
import type { Db } from '../../db/index.ts';
import { seedIfEmpty } from '../../db/seed.ts';
import {
  TEST_USERS,
  type caller,
  createTestApp,
  resolveUserFrom,
  testUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { fileTestApp, useTestApp } from '../../../test/file-app.ts';
import type { operate } from '../../../test/operate.ts';

export const CARE_USERS: Record<string, AuthUser> = {
  ...TEST_USERS,
  /** Invited (non-lead) therapist of patient-01; not assigned to patient-03. */
  therapist2: {
    uid: 'therapist-2',
    email: 'therapist2@example.com',
    scopes: ['therapist'],
    roles: ['therapist'],
  },
  /** Therapist of the child organisation, assigned to neither patient-01 nor patient-03. */
  therapist3: {
    uid: 'therapist-3',
    email: 'therapist3@example.com',
    scopes: ['therapist'],
    roles: ['therapist'],
  },
};

export const careResolveUser: ResolveUser = resolveUserFrom(CARE_USERS);

export const PATIENT_A = 'patient-01';
export const PATIENT_B = 'patient-03';

export async function createCareTestApp(): Promise<TestApp> {
  const t = await createTestApp({ resolveUser: careResolveUser, rateLimitEnabled: false });
  await seedIfEmpty({ db: t.db, config: t.config });
  await t.db.deleteFrom('moments').execute();
  await t.db.deleteFrom('patient_risk').execute();
  await t.db.deleteFrom('risk_events').execute();
  await t.db.deleteFrom('therapist_notifications').execute();
  await t.db.updateTable('patients').set({ high_risk: false }).execute();
  return t;
}

/** The care app of one test file (made before its tests, closed after them). */
export const useCareTestApp = () => useTestApp(createCareTestApp);

export { caller, testUser as as } from '../../../test/helpers.ts';

/**
 * One page of a keyset-paged list at `path?query` as `user` (the query as the test spells it, so that a
 * cursor the server never gave is sent as it is): the status, and the body as the test's page type.
 */
export async function pageAt<Page>(
  call: ReturnType<typeof caller>,
  operationId: string,
  path: string,
  query: string,
  user: string,
): Promise<{ status: number; page: Page }> {
  const { res, body } = await call(operationId, {
    method: 'GET',
    url: `${path}?${query}`,
    headers: testUser(user),
  });
  return { status: res.statusCode, page: body as Page };
}

/** A check-up (a mood, at one instant) the patient adds through addMoment, as the app does. */
export const addCheckup = (
  op: ReturnType<typeof operate>,
  user: string,
  momentId: string,
  at: number,
  mood = 3,
) =>
  op(user, 'addMoment', {
    query: { eventType: 'checkup' },
    payload: { momentId, eventType: 'checkup', start: at, end: at, body: { mood } },
  });

/** A day in milliseconds (the care tests' moments and appointments are days apart). */
export const DAY = 86_400_000;

/** Flags the patients high-risk in patient_risk alone (as some writers do), by therapist-1. */
export async function flagInPatientRisk(db: Db, patientIds: string[], reason = 'Flagged.'): Promise<void> {
  await db
    .insertInto('patient_risk')
    .values(
      patientIds.map((patient_id) => ({
        patient_id,
        high_risk: true,
        reason,
        source: 'therapist',
        flagged_at: new Date(),
        flagged_by: 'therapist-1',
      })),
    )
    .execute();
}

/** The care-team row of the patient and the therapist, as a test checks what a call wrote (undefined: none). */
export const careTeamRow = (db: Db, patientId: string, therapistId: string) =>
  db
    .selectFrom('care_team')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('therapist_id', '=', therapistId)
    .executeTakeFirst();

/** The patient's care team, each therapist with their role, by therapist id. */
export const careTeamOf = (db: Db, patientId: string) =>
  db
    .selectFrom('care_team')
    .select(['therapist_id', 'role'])
    .where('patient_id', '=', patientId)
    .orderBy('therapist_id')
    .execute();

/** An open chat `id` of patient A with therapist-1 (its trigger adds both as participants). */
export async function openChatOfA(db: Db, id: string): Promise<void> {
  await db
    .insertInto('chat_sessions')
    .values({
      id,
      patient_id: PATIENT_A,
      therapist_id: 'therapist-1',
      status: 'active',
      emergency: false,
      transport: 'sse',
    })
    .execute();
}
/** The care app with its operate(t), as `{ t, op }` (fileTestApp). */
export const careTestApp = () => fileTestApp(createCareTestApp);
