// The role matrix: the nine callers, the shared fixture and the entry format.
//
// Fixture (the demo seed of src/db/seed-data.ts with its identity rows, plus a second organisation tree):
//
//   organisation X = org-tend-health (root) ── org-tend-north (its child)      organisation Y = org-elsewhere
//   patient A  = patient-01 (X): lead therapist-1, invited (assigned) therapist-2
//   patient B  = patient-03 (X): lead therapist-1 only
//   assigned therapist   = therapist-2 (X), in A's care team (invited), not in B's
//   unassigned therapist = therapist-3 (X's child org-tend-north), in neither A's nor B's care team
//   lead                 = therapist-1 (X), lead of A's (and B's) care team
//   admin of X           = admin-1 (administers X, and so its child)
//   admin of another     = admin-9 (administers Y only; Y has therapist-9 and patient-99)
//   data-export          = data-export-1
//
// Callers are chosen per request with the `x-test-user` header (tests only). Each holds the scopes its
// role grants at sign-in (therapists: therapist and lead-therapist) and a fresh session's claims (the
// second factor passed where the role needs one, re-authenticated just now), so own-account calls that
// require a recent sign-in can succeed for the roles allowed to make them.
import type { FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import { identityHooks } from '../../src/auth/index.ts';
import { json } from '../../src/db/index.ts';
import { seed } from '../../src/db/seed.ts';
import type { AuthUser, IdentityHooks, ResolveUser } from '../../src/http/types.ts';
import { createTotpSecret } from '../../src/auth/mfa/totp-secrets.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

export const ROLES = [
  'anonymous',
  'patientA',
  'patientB',
  'assignedTherapist',
  'unassignedTherapist',
  'lead',
  'orgAdmin',
  'otherAdmin',
  'dataExport',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  anonymous: 'anonymous',
  patientA: 'patient A',
  patientB: 'patient B',
  assignedTherapist: 'assigned therapist',
  unassignedTherapist: 'unassigned therapist',
  lead: 'lead',
  orgAdmin: 'admin of the organisation',
  otherAdmin: 'admin of another',
  dataExport: 'data-export',
};

export const ORG_X = 'org-tend-health';
export const ORG_X_CHILD = 'org-tend-north';
export const ORG_Y = 'org-elsewhere';
export const PATIENT_A = 'patient-01';
export const PATIENT_B = 'patient-03';
/** A patient of organisation Y (the other admin's). */
export const PATIENT_Y = 'patient-99';
export const ASSIGNED = 'therapist-2';
export const UNASSIGNED = 'therapist-3';
export const LEAD = 'therapist-1';
export const THERAPIST_Y = 'therapist-9';
/**
 * Besides the nine: an unassigned therapist of X itself (not of its child), in no care team. The matrix's
 * "unassigned therapist" works in X's child; this colleague of A's therapists is checked on the calls
 * about patient A and on the lists in a block of its own (suite.ts).
 */
export const COLLEAGUE = 'therapist-4';

interface Person {
  uid: string;
  email: string;
  scopes: string[];
  roles: string[];
  adminOf?: string[];
}

const COLLEAGUE_PERSON: Person = {
  uid: COLLEAGUE,
  email: 'therapist4@example.com',
  scopes: ['therapist', 'lead-therapist'],
  roles: ['therapist'],
};

const PEOPLE: Record<Exclude<Role, 'anonymous'>, Person> = {
  patientA: { uid: PATIENT_A, email: 'patient@example.com', scopes: ['patient'], roles: ['patient'] },
  patientB: { uid: PATIENT_B, email: 'patient3@example.com', scopes: ['patient'], roles: ['patient'] },
  assignedTherapist: {
    uid: ASSIGNED,
    email: 'therapist2@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  unassignedTherapist: {
    uid: UNASSIGNED,
    email: 'therapist3@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  lead: {
    uid: LEAD,
    email: 'therapist@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  orgAdmin: {
    uid: 'admin-1',
    email: 'admin@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    adminOf: [ORG_X],
  },
  otherAdmin: {
    uid: 'admin-9',
    email: 'other-admin@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    adminOf: [ORG_Y],
  },
  dataExport: {
    uid: 'data-export-1',
    email: 'data-export@example.com',
    scopes: ['data-export'],
    roles: ['data-export'],
  },
};

export function uidOf(role: Role): string | undefined {
  return role === 'anonymous' ? undefined : PEOPLE[role].uid;
}

/** The caller as the identity part's session resolver would give it: roles, granted scopes, session claims. */
function userOf(person: Person): AuthUser {
  const now = Date.now();
  const mfa = !person.scopes.includes('patient');
  return {
    uid: person.uid,
    email: person.email,
    scopes: person.scopes,
    roles: person.roles,
    claims: {
      scopes: person.scopes,
      mfa,
      reauthAt: Math.floor(now / 1000),
      authTime: Math.floor(now / 1000),
      signInProvider: 'custom',
      adminOf: person.adminOf ?? [],
    },
  };
}

export const matrixResolveUser: ResolveUser = async (request: FastifyRequest) => {
  const name = request.headers['x-test-user'];
  if (typeof name !== 'string') return null;
  const person =
    name === 'colleague' ? COLLEAGUE_PERSON : (PEOPLE as Record<string, Person | undefined>)[name];
  if (!person) throw Object.assign(new Error('unknown test user'), { statusCode: 401 });
  return userOf(person);
};

export const as = (role: Role): Record<string, string> =>
  role === 'anonymous' ? {} : { 'x-test-user': role };

/**
 * The matrix app: the demo data (core and identity rows), organisation Y with its therapist, patient and
 * administrator, callers by `x-test-user`. No Auth emulator (calls that need one are the identity entries').
 */
export async function createMatrixApp(
  options: { identity?: IdentityHooks; resolveUser?: ResolveUser; authEmulatorHost?: string } = {},
): Promise<TestApp> {
  const identity = options.identity ?? { register: identityHooks.register };
  const t = await createTestApp({
    resolveUser: options.resolveUser ?? matrixResolveUser,
    identity,
    rateLimitEnabled: false,
    config: { authEmulatorHost: options.authEmulatorHost },
  });
  await seed({ db: t.db, config: t.config, identity: identityHooks });
  await t.db
    .insertInto('organisations')
    .values({
      id: ORG_Y,
      parent_id: null,
      name: 'Elsewhere Care',
      details: json({ name: 'Elsewhere Care', whitelistedDomains: ['elsewhere.example'] }),
      app_settings: json({ chatEnabled: true }),
      subscription: json({ plan: 'standard', seats: 10, startsAt: '2025-01-01', endsAt: '2099-12-31' }),
      research_settings: json({}),
      enabled: true,
      max_redemptions: 10,
      etag: '"org-elsewhere"',
    })
    .execute();
  await t.db
    .insertInto('therapists')
    .values({
      id: COLLEAGUE,
      organisation_id: ORG_X,
      email: 'therapist4@example.com',
      first_name: 'Sky',
      last_name: 'Reid',
      biography: '',
      timezone: 'Europe/London',
    })
    .execute();
  await t.db
    .insertInto('therapists')
    .values({
      id: THERAPIST_Y,
      organisation_id: ORG_Y,
      email: 'therapist9@example.com',
      first_name: 'Robin',
      last_name: 'Vale',
      biography: '',
      timezone: 'Europe/London',
    })
    .execute();
  await t.db
    .insertInto('patients')
    .values({
      id: PATIENT_Y,
      organisation_id: ORG_Y,
      email: 'patient99@example.com',
      first_name: 'Kit',
      last_name: 'Ames',
      high_risk: false,
    })
    .execute();
  await t.db
    .insertInto('care_team')
    .values({ patient_id: PATIENT_Y, therapist_id: THERAPIST_Y, role: 'lead' })
    .execute();
  const now = Date.now();
  await t.db
    .insertInto('users')
    .values([
      {
        id: 'admin-9',
        email: 'other-admin@example.com',
        first_name: 'Other',
        last_name: 'Admin',
        screen_name: 'Other',
        language: 'en',
        updated_at: now,
      },
      {
        id: THERAPIST_Y,
        email: 'therapist9@example.com',
        first_name: 'Robin',
        last_name: 'Vale',
        screen_name: 'Robin',
        language: 'en',
        updated_at: now,
      },
      {
        id: COLLEAGUE,
        email: 'therapist4@example.com',
        first_name: 'Sky',
        last_name: 'Reid',
        screen_name: 'Sky',
        language: 'en',
        updated_at: now,
      },
      {
        id: PATIENT_Y,
        email: 'patient99@example.com',
        first_name: 'Kit',
        last_name: 'Ames',
        screen_name: 'Kit',
        language: 'en',
        updated_at: now,
      },
    ])
    .execute();
  await t.db
    .insertInto('user_roles')
    .values([
      { user_id: 'admin-9', role: 'admin', organisation_id: ORG_Y },
      { user_id: THERAPIST_Y, role: 'therapist', organisation_id: null },
      { user_id: COLLEAGUE, role: 'therapist', organisation_id: null },
      { user_id: PATIENT_Y, role: 'patient', organisation_id: null },
    ])
    .execute();
  // Administrators keep a second factor, as sign-in requires of them.
  await createTotpSecret(
    { db: t.db, secret: t.config.secret, now: Date.now },
    { id: 'admin-9', email: 'other-admin@example.com' },
    { label: 'Authenticator', confirmed: true },
  );
  return t;
}

/** An expected status per role, in the order of ROLES. */
export type Expect = readonly [number, number, number, number, number, number, number, number, number];

export interface MatrixRequest {
  /** Path parameters of the contract path (the runner builds the URL from the contract). */
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | ReadonlyArray<string | number>>;
  headers?: Record<string, string>;
  /** JSON body (valid input), or a string sent as it is with `contentType`. */
  body?: unknown;
  contentType?: string;
}

export interface MatrixContext {
  t: TestApp;
  /** Injects as a role (for setting up what a call needs through the API itself). */
  inject(role: Role, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface Entry {
  operationId: string;
  /** Called right before each role's call: sets up what the call needs (fresh per role) and builds it. */
  request: (role: Role, m: MatrixContext) => MatrixRequest | Promise<MatrixRequest>;
  /** Status for: anonymous, patient A, patient B, assigned therapist, unassigned therapist, lead, admin of X, admin of Y, data-export. */
  expect: Expect;
  /** Run on an app of its own (the call changes what other entries rely on). */
  ownApp?: boolean;
  /**
   * Needs Firebase Auth: runs on the app with the real identity hooks and the Auth emulator, where callers
   * present real credentials (see ./firebase.ts) instead of the `x-test-user` header.
   */
  firebase?: boolean;
  /** Why the expectation is what it is, when not obvious (shown in the test name). */
  note?: string;
  /**
   * Roles whose refusal may differ for an unknown id (see the runner's existence check), and why. By
   * default a refused role (403 or 404) gets the same answer when a path parameter names something that
   * does not exist: a refusal never tells whether the thing exists.
   */
  mayKnowItExists?: Role[];
  /**
   * The status for the unassigned therapist of X itself (COLLEAGUE), when it differs from the unassigned
   * therapist's (of X's child): a therapist's reach is their organisation and its children. `none` when
   * the entry's set-up is the caller's own (it cannot be replayed by another caller).
   */
  colleague?: number | 'none';
  /** A further check of a role's answer (beyond its status): a problem to report, or undefined. */
  check?: (role: Role, body: unknown) => string | undefined;
  /** Puts back what the calls changed (run after the nine calls, pass or fail). */
  restore?: (m: MatrixContext) => Promise<void>;
}

/** Builds an expectation from the statuses of groups of roles. */
export function statuses(spec: {
  anonymous?: number;
  patientA?: number;
  patientB?: number;
  assignedTherapist?: number;
  unassignedTherapist?: number;
  lead?: number;
  orgAdmin?: number;
  otherAdmin?: number;
  dataExport?: number;
  others: number;
}): Expect {
  return ROLES.map((r) => spec[r] ?? spec.others) as unknown as Expect;
}

/** Open to everyone (public calls). */
export const everyone = (ok: number): Expect => [ok, ok, ok, ok, ok, ok, ok, ok, ok];
/** Any signed-in caller (own-account calls); anonymous 401. */
export const signedIn = (ok: number): Expect => [401, ok, ok, ok, ok, ok, ok, ok, ok];
/** The patients, each on their own data; everyone else 403 (scope), anonymous 401. */
export const patientsOwn = (ok: number): Expect => [401, ok, ok, 403, 403, 403, 403, 403, 403];
/** Patients and therapists alike (each on their own); the administrators and the data-export tooling 403. */
export const patientsAndTherapists = (ok: number): Expect => [401, ok, ok, ok, ok, ok, 403, 403, 403];
/** Patient A's data: A and A's therapists (assigned and lead); patient B and the unassigned therapist 403. */
export const careOfA = (ok: number): Expect => [401, ok, 403, ok, 403, ok, 403, 403, 403];
/** A's therapists only (assigned and lead). */
export const therapistsOfA = (ok: number): Expect => [401, 403, 403, ok, 403, ok, 403, 403, 403];
/** Every therapist on their own data. */
export const therapistsOwn = (ok: number): Expect => [401, 403, 403, ok, ok, ok, 403, 403, 403];
/** The administrator of organisation X: the other administrator gets 404 (organisations outside one's own are not revealed). */
export const adminOfX = (ok: number, other = 404): Expect => [401, 403, 403, 403, 403, 403, ok, other, 403];
/** Each administrator on what they administer (both succeed). */
export const adminsOwn = (ok: number): Expect => [401, 403, 403, 403, 403, 403, ok, ok, 403];
/** The data-export tooling only. */
export const dataExportOnly = (ok: number): Expect => [401, 403, 403, 403, 403, 403, 403, 403, ok];

/** An entry (shorthand). */
export function entry(
  operationId: string,
  expect: Expect,
  request: Entry['request'] = () => ({}),
  extra: Partial<
    Pick<Entry, 'ownApp' | 'firebase' | 'note' | 'restore' | 'check' | 'mayKnowItExists' | 'colleague'>
  > = {},
): Entry {
  return { operationId, expect, request, ...extra };
}

/**
 * A check that some roles' answers never hold given text (ids or names of what they may not see), and
 * that others' do (so the check is not passing on an empty answer).
 */
export function reveals(spec: {
  hidden: Partial<Record<Role, string[]>>;
  shown?: Partial<Record<Role, string[]>>;
}): NonNullable<Entry['check']> {
  return (role, body) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const leaked = (spec.hidden[role] ?? []).filter((s) => text.includes(s));
    if (leaked.length) return `reveals ${leaked.join(', ')}`;
    const missing = (spec.shown?.[role] ?? []).filter((s) => !text.includes(s));
    if (missing.length) return `does not show ${missing.join(', ')}`;
    return undefined;
  };
}
