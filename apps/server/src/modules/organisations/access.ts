// Which organisations an organisation administrator may see and change. Shared by the admin-area modules
// (organisations, surveys, reporting, dashboards, users-data).
//
// An administrator administers the organisations named by their session (`claims.adminOf`) and by their
// `admin` rows in user_roles, and every descendant of those. A platform administrator (role
// `platform-admin`, `claims.platformAdmin === true`, or an `admin` row in user_roles tied to no
// organisation: the service's operators) administers every organisation. Only callers with
// the `org-admin` scope administer anything. Handlers answer 404 for an organisation outside that set,
// whether or not it exists, so nobody learns which organisations exist elsewhere.
import type { Db } from '../../db/index.ts';
import { forbidden, notFound, unauthenticated } from '../../http/errors.ts';
import type { AuthUser, HandlerContext } from '../../http/types.ts';

export interface AdminScope {
  platform: boolean;
  /** Every organisation administered (with descendants). */
  ids: Set<string>;
  /** The organisations named directly (claims and roles), in their order: the "first" one is roots[0]; a platform administrator's are the top-level organisations. */
  roots: string[];
}

export function callerOf(ctx: HandlerContext): AuthUser {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export function isPlatformAdmin(user: AuthUser): boolean {
  return (
    user.roles.includes('platform-admin') ||
    (user.claims as { platformAdmin?: unknown } | undefined)?.platformAdmin === true
  );
}

/** Organisation ids with their parent, for walking the tree in memory (the table is small). */
export async function organisationTree(db: Db): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('organisations').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

/** `id` and all its descendants. */
export function withDescendants(tree: Map<string, string | null>, roots: Iterable<string>): Set<string> {
  const result = new Set<string>();
  for (const root of roots) if (tree.has(root)) result.add(root);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, parent] of tree) {
      if (parent && result.has(parent) && !result.has(id)) {
        result.add(id);
        grew = true;
      }
    }
  }
  return result;
}

/** `id`, its parent, its grandparent … (stops on a cycle). */
export function ancestry(tree: Map<string, string | null>, id: string): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = id;
  while (current && tree.has(current) && !chain.includes(current)) {
    chain.push(current);
    current = tree.get(current);
  }
  return chain;
}

/** The organisation of a patient or a therapist (undefined when there is no such person). */
export async function organisationOfPerson(
  db: Db,
  table: 'patients' | 'therapists',
  id: string,
): Promise<string | undefined> {
  const row = await db.selectFrom(table).select('organisation_id').where('id', '=', id).executeTakeFirst();
  return row?.organisation_id;
}

/**
 * The organisations the user's admin roles name (null: a role over every organisation). Read by the admin
 * scope here and by the alerts a user receives (../message-alerts), which must agree on who administers what.
 */
export async function adminRoleOrganisations(db: Db, uid: string): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('organisation_id')
    .where('user_id', '=', uid)
    .where('role', '=', 'admin')
    .execute();
  return rows.map((r) => r.organisation_id);
}

/** The organisation ids of the session's `claims.adminOf` (anything else in it is ignored). */
export function adminOfClaim(user: AuthUser): string[] {
  const adminOf = (user.claims as { adminOf?: unknown } | undefined)?.adminOf;
  return Array.isArray(adminOf) ? adminOf.filter((o): o is string => typeof o === 'string') : [];
}

export async function adminScope(db: Db, user: AuthUser | null): Promise<AdminScope> {
  if (!user || !user.scopes.includes('org-admin')) return { platform: false, ids: new Set(), roots: [] };
  const tree = await organisationTree(db);
  const named = await adminRoleOrganisations(db, user.uid);
  if (isPlatformAdmin(user) || named.some((id) => id === null)) {
    return {
      platform: true,
      ids: new Set(tree.keys()),
      roots: [...tree]
        .filter(([, parent]) => parent === null)
        .map(([id]) => id)
        .sort(),
    };
  }
  const roots = adminOfClaim(user);
  for (const id of named) if (id && !roots.includes(id)) roots.push(id);
  const known = roots.filter((r) => tree.has(r));
  return { platform: false, ids: withDescendants(tree, known), roots: known };
}

/** The caller's admin scope; 403 when they administer nothing. */
export async function requireAdmin(ctx: HandlerContext): Promise<AdminScope> {
  const scope = await adminScope(ctx.db, callerOf(ctx));
  if (!scope.platform && scope.ids.size === 0) throw forbidden('You do not administer any organisation.');
  return scope;
}

/** The caller administers `organisationId` (404 otherwise, whether or not it exists). */
export async function requireAdminOf(ctx: HandlerContext, organisationId: string): Promise<AdminScope> {
  const scope = await adminScope(ctx.db, callerOf(ctx));
  if (!scope.ids.has(organisationId)) throw notFound('No such organisation.');
  return scope;
}
