// Test support of the admin-area modules (imported by *.test.ts only): an app over a small fixture of
// organisations, therapists and patients, with the role-matrix users.
//
//   org-tend-health (root)  ── org-tend-north (child)        org-elsewhere (another root)
//   patients: patient-01, patient-03 (health), patient-13 (north), patient-99 (elsewhere)
//   therapists: therapist-1 (health, lead of patient-01 and patient-03), therapist-3 (north), therapist-9 (elsewhere)
//   admin: administers health (and so north); northAdmin: north only; otherAdmin: elsewhere; platform: all.
import { expect } from 'vitest';
import { json, type Db } from '../../db/index.ts';
import type { AuthUser, ResolveUser } from '../../http/types.ts';
import {
  TEST_USERS,
  type callContract,
  createTestApp,
  resolveUserFrom,
  type TestApp,
} from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/file-app.ts';

export const ADMIN_USERS: Record<string, AuthUser> = {
  ...TEST_USERS,
  northAdmin: {
    uid: 'admin-north',
    email: 'north-admin@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    claims: { adminOf: ['org-tend-north'] },
  },
  therapist3: {
    uid: 'therapist-3',
    email: 'therapist3@example.com',
    scopes: ['therapist'],
    roles: ['therapist'],
  },
  elsewherePatient: {
    uid: 'patient-99',
    email: 'patient99@example.com',
    scopes: ['patient'],
    roles: ['patient'],
  },
};

const resolveUser: ResolveUser = resolveUserFrom(ADMIN_USERS);

/** An enabled `organisations` row: its name (also in its details), its parent, and any settings given. */
export const organisationRow = (
  id: string,
  name: string,
  parent: string | null,
  extra: Record<string, unknown> = {},
) => ({
  id,
  parent_id: parent,
  name,
  details: json({ name, ...((extra.details as object) ?? {}) }),
  app_settings: json(extra.app_settings ?? {}),
  subscription: json(extra.subscription ?? {}),
  research_settings: json(extra.research_settings ?? {}),
  enabled: true,
  max_redemptions: (extra.max_redemptions as number | undefined) ?? null,
  etag: 'x',
});

/** A `therapists` row of the fixtures: the e-mail made from the id, no biography, London time. */
export const therapistRow = (id: string, organisation_id: string, first_name: string, last_name: string) => ({
  id,
  organisation_id,
  email: `${id}@example.com`,
  first_name,
  last_name,
  biography: '',
  timezone: 'Europe/London',
});

/** A `patients` row of the fixtures, not flagged high-risk (the e-mail made from the id unless given). */
export const patientRow = (
  id: string,
  organisation_id: string,
  first_name: string,
  last_name: string,
  email = `${id}@example.com`,
) => ({ id, organisation_id, email, first_name, last_name, high_risk: false });

export async function createAdminTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const t = await createTestApp({ resolveUser, rateLimitEnabled: false, ...options });
  await t.db
    .insertInto('organisations')
    .values([
      organisationRow('org-tend-health', 'Tend Health', null, {
        details: {
          contactEmail: 'care@tend-health.example',
          country: 'GB',
          whitelistedDomains: ['tend-health.example'],
        },
        app_settings: {
          chatEnabled: true,
          journalEnabled: true,
          idleTimeoutMinutes: 15,
          crisisLines: [{ name: 'Samaritans', phone: '116 123' }],
        },
        subscription: { plan: 'enterprise', seats: 500, startsAt: '2025-01-01', endsAt: '2099-12-31' },
        research_settings: { researchEnabled: true, consentRequired: true },
        max_redemptions: 500,
      }),
      organisationRow('org-elsewhere', 'Elsewhere Care', null, {
        details: { whitelistedDomains: ['elsewhere.example'] },
        max_redemptions: 10,
      }),
    ])
    .execute();
  await t.db
    .insertInto('organisations')
    .values(
      organisationRow('org-tend-north', 'Tend Health North', 'org-tend-health', {
        app_settings: { journalEnabled: false },
        max_redemptions: 100,
      }),
    )
    .execute();
  const therapist = (id: string, organisation_id: string, first_name: string) =>
    therapistRow(id, organisation_id, first_name, 'Therapist');
  await t.db
    .insertInto('therapists')
    .values([
      therapist('therapist-1', 'org-tend-health', 'Alex'),
      therapist('therapist-3', 'org-tend-north', 'Jonas'),
      therapist('therapist-9', 'org-elsewhere', 'Robin'),
    ])
    .execute();
  const patient = (id: string, organisation_id: string, first_name: string) =>
    patientRow(id, organisation_id, first_name, 'Patient');
  await t.db
    .insertInto('patients')
    .values([
      patient('patient-01', 'org-tend-health', 'Sam'),
      patient('patient-03', 'org-tend-health', 'Maya'),
      patient('patient-13', 'org-tend-north', 'Freya'),
      patient('patient-99', 'org-elsewhere', 'Kit'),
    ])
    .execute();
  await t.db
    .insertInto('care_team')
    .values([
      { patient_id: 'patient-01', therapist_id: 'therapist-1', role: 'lead' },
      { patient_id: 'patient-03', therapist_id: 'therapist-1', role: 'lead' },
    ])
    .execute();
  return t;
}

/** The admin-area app of one test file (made before its tests, closed after them). */
export const useAdminTestApp = () => useTestApp(createAdminTestApp);

export { caller, testUser as as } from '../../../test/helpers.ts';

/** A `moments` row of the patient at one instant (the reports' and research exports' fixtures). */
export const momentRow = (
  id: string,
  patient: string,
  type: string,
  at: Date | string,
  body: Record<string, unknown> = {},
) => ({
  id,
  patient_id: patient,
  event_type: type,
  body: json(body),
  start_at: new Date(at),
  end_at: new Date(at),
});

/** Rows of `users` (the names the audit log and the role lists show): [id, e-mail, first name, last name]. */
export async function insertUsers(
  db: Db,
  people: Array<[id: string, email: string, firstName: string, lastName: string]>,
): Promise<void> {
  await db
    .insertInto('users')
    .values(
      people.map(([id, email, first_name, last_name]) => ({
        id,
        email,
        first_name,
        last_name,
        screen_name: null,
        language: 'en',
        updated_at: Date.now(),
      })),
    )
    .execute();
}

/**
 * Checks a keyset-paged admin list read two items a page: the first page is full, the one after it (by its
 * cursor) holds the `rest` (their `key`) and no page follows; a cursor the server never gave answers 400.
 */
export async function expectTwoPages(
  list: (query: string) => ReturnType<typeof callContract>,
  key: string,
  rest: string[],
  strangeCursor: string,
): Promise<void> {
  const first = await list('?pageSize=2');
  expect(first.body.items).toHaveLength(2);
  const second = await list(`?pageSize=2&lastPage=${first.body.lastPage}`);
  expect(second.body.items.map((item: Record<string, unknown>) => item[key])).toEqual(rest);
  expect(second.body.lastPage).toBeNull();
  expect((await list(`?lastPage=${strangeCursor}`)).res.statusCode).toBe(400);
}
