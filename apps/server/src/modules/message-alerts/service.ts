import type { Db } from '../../db/index.ts';
import type { AuthUser } from '../../http/types.ts';
import {
  adminOfClaim,
  adminRoleOrganisations,
  ancestry,
  organisationOfPerson,
  organisationTree,
  type AdminScope,
} from '../organisations/access.ts';

export interface AlertMessage {
  title: string;
  body: string;
  severity: 'info' | 'warning' | 'critical';
  audience: 'public' | 'patients' | 'therapists' | 'admins' | 'everyone';
  organisationId?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  minVersion?: string | null;
  maxVersion?: string | null;
  link?: string | null;
}

export interface AlertRow {
  id: string;
  message: unknown;
  etag: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toAlert(row: AlertRow) {
  return {
    id: row.id,
    message: row.message as AlertMessage,
    etag: row.etag,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Compares dotted numeric versions (1.4 < 1.10). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function forVersion(m: AlertMessage, version: string | undefined): boolean {
  if (!version) return true;
  if (m.minVersion && compareVersions(version, m.minVersion) < 0) return false;
  if (m.maxVersion && compareVersions(version, m.maxVersion) > 0) return false;
  return true;
}

export function activeAt(m: AlertMessage, now: number): boolean {
  if (m.startsAt && Date.parse(m.startsAt) > now) return false;
  if (m.endsAt && Date.parse(m.endsAt) <= now) return false;
  return true;
}

/**
 * Whether an administrator may see and change an alert: a platform administrator every alert, another
 * administrator those of the organisations they administer (with those below them: ../organisations/access.ts).
 */
export function manages(scope: AdminScope, m: AlertMessage): boolean {
  if (scope.platform) return true;
  return Boolean(m.organisationId && scope.ids.has(m.organisationId));
}

/**
 * The organisations whose alerts reach a signed-in user: those they belong to (patient, therapist) or
 * administer, and every organisation above those (an alert for an organisation reaches the people of the
 * organisations below it too).
 */
export async function userOrganisations(db: Db, user: AuthUser): Promise<string[]> {
  const own = new Set<string>(adminOfClaim(user));
  for (const id of await adminRoleOrganisations(db, user.uid)) if (id) own.add(id);
  // The organisation the user belongs to as a patient, and as a therapist.
  for (const table of ['patients', 'therapists'] as const) {
    const member = await organisationOfPerson(db, table, user.uid);
    if (member !== undefined) own.add(member);
  }
  if (own.size === 0) return [];
  const tree = await organisationTree(db);
  return [...new Set([...own].flatMap((id) => ancestry(tree, id)))];
}

/** Which audiences a signed-in user belongs to. */
export function audiencesOf(user: AuthUser): Set<AlertMessage['audience']> {
  const set = new Set<AlertMessage['audience']>(['everyone']);
  const has = (x: string) => user.roles.includes(x) || user.scopes.includes(x);
  if (has('patient')) set.add('patients');
  if (has('therapist') || has('lead-therapist')) set.add('therapists');
  if (has('admin') || has('org-admin')) set.add('admins');
  return set;
}
