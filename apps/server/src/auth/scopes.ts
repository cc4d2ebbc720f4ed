// Scopes are what a session may do; roles are what a user is. An app asks for its scopes when it
// signs in (customToken?scope=…); the server grants those the user's roles allow, as custom-token
// claims. On every request the granted scopes are intersected again with the user's current roles, so
// taking a role away takes effect at once.
import type { Role } from '../db/tables/identity.ts';

export interface ScopeDefinition {
  name: string;
  description: string;
  /** Roles that may hold the scope. */
  roles: readonly Role[];
  /** Whether holding the scope requires a passed second factor in this session. */
  mfaRequired: boolean;
}

export const SCOPES: readonly ScopeDefinition[] = [
  {
    name: 'patient',
    description: 'Patient app: own moments, chats, rewards and account.',
    roles: ['patient'],
    mfaRequired: false,
  },
  {
    name: 'therapist',
    description: 'Therapist console: assigned patients, their moments and chats.',
    roles: ['therapist'],
    mfaRequired: true,
  },
  {
    name: 'lead-therapist',
    description: 'Lead-therapist actions (invite, hand over, end chats) on patients the caller leads.',
    roles: ['therapist'],
    mfaRequired: true,
  },
  {
    name: 'org-admin',
    description: 'Administration of the organisations the caller administers.',
    roles: ['admin'],
    mfaRequired: true,
  },
  {
    name: 'data-export',
    description: 'Data-export tooling: exports and erasure of accounts.',
    roles: ['data-export'],
    mfaRequired: true,
  },
];

const byName = new Map(SCOPES.map((s) => [s.name, s]));

export function scopeDefinition(name: string): ScopeDefinition | undefined {
  return byName.get(name);
}

/** The scopes these roles allow. */
export function scopesForRoles(roles: readonly string[]): string[] {
  return SCOPES.filter((s) => s.roles.some((r) => roles.includes(r))).map((s) => s.name);
}

/** Roles that must have a second factor (therapists and admins; patients may). */
export function mfaMandatory(roles: readonly string[]): boolean {
  return SCOPES.some((s) => s.mfaRequired && s.roles.some((r) => roles.includes(r)));
}

/** Scopes (of `wanted`) that need a passed second factor. */
export function needsMfa(wanted: readonly string[]): boolean {
  return wanted.some((name) => byName.get(name)?.mfaRequired);
}

/**
 * The scopes of a session: those claimed that the user's roles still allow, minus the MFA-requiring ones
 * when the session passed no second factor.
 */
export function effectiveScopes(
  claimed: readonly string[],
  roles: readonly string[],
  mfa: boolean,
): string[] {
  const allowed = new Set(scopesForRoles(roles));
  return claimed.filter((name) => allowed.has(name) && (mfa || !byName.get(name)?.mfaRequired));
}
