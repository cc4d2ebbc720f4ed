// The test users: callers chosen per request with the `x-test-user` header (tests only: never in the server).
import type { FastifyRequest } from 'fastify';
import type { AuthUser, ResolveUser } from '../src/http/types.ts';

/** Test users, chosen per request with the `x-test-user` header (tests only: never in the server). */
export const TEST_USERS: Record<string, AuthUser> = {
  patient: { uid: 'patient-01', email: 'patient@example.com', scopes: ['patient'], roles: ['patient'] },
  patient2: { uid: 'patient-03', email: 'patient3@example.com', scopes: ['patient'], roles: ['patient'] },
  therapist: {
    uid: 'therapist-1',
    email: 'therapist@example.com',
    scopes: ['therapist'],
    roles: ['therapist'],
  },
  /** Administrator of the root demo organisation (and so of its child). */
  admin: {
    uid: 'admin-1',
    email: 'admin@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    claims: { adminOf: ['org-tend-health', 'org-tend-north'] },
  },
  /** Administrator of another organisation. */
  otherAdmin: {
    uid: 'admin-9',
    email: 'other-admin@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    claims: { adminOf: ['org-elsewhere'] },
  },
  leadTherapist: {
    uid: 'therapist-1',
    email: 'therapist@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  dataExport: {
    uid: 'data-export-1',
    email: 'data-export@example.com',
    scopes: ['data-export'],
    roles: ['data-export'],
  },
  /** Platform administrator: manages every organisation and alerts for all. */
  platform: {
    uid: 'platform-1',
    email: 'ops@example.com',
    scopes: ['org-admin'],
    roles: ['admin', 'platform-admin'],
  },
  /** Every scope at once (to reach operations past the scope check, e.g. to list the 501s). */
  everything: {
    uid: 'patient-01',
    email: 'patient@example.com',
    scopes: ['patient', 'therapist', 'lead-therapist', 'org-admin', 'data-export'],
    roles: ['patient', 'therapist', 'admin', 'data-export'],
    claims: { adminOf: ['org-tend-health', 'org-tend-north'] },
  },
  /** Signed in, no scope granted yet (before customToken). */
  bare: { uid: 'patient-05', email: 'patient5@example.com', scopes: [], roles: ['patient'] },
};

/**
 * A resolveUser over `users` by the request's `x-test-user` header: no header is anonymous; a name not in `users`
 * is refused with 401 (`unknown: 'refused'`), or is anonymous too (`unknown: 'anonymous'`).
 */
export function resolveUserFrom(
  users: Record<string, AuthUser>,
  unknown: 'refused' | 'anonymous' = 'refused',
): ResolveUser {
  return async (request: FastifyRequest) => {
    const name = request.headers['x-test-user'];
    if (typeof name !== 'string') return null;
    const user = Object.hasOwn(users, name) ? users[name] : undefined;
    if (user) return user;
    if (unknown === 'anonymous') return null;
    throw Object.assign(new Error('unknown test user'), { statusCode: 401 });
  };
}

export const testResolveUser: ResolveUser = resolveUserFrom(TEST_USERS);

/** The header naming a test user (none for an anonymous caller). */
export const testUser = (user: string | null): Record<string, string> =>
  user ? { 'x-test-user': user } : {};
