// The users known to the server (one row per Firebase uid) and their roles.
import type { Db } from '../db/index.ts';
import type { Role } from '../db/tables/identity.ts';

export interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  screenName: string | null;
  language: string;
  roles: Role[];
  /** Organisations this user administers (admin role). */
  adminOf: string[];
}

export async function findUser(db: Db, uid: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
  if (!row) return null;
  const roles = await db.selectFrom('user_roles').select(['role', 'organisation_id']).where('user_id', '=', uid).execute();
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    screenName: row.screen_name,
    language: row.language,
    roles: [...new Set(roles.map((r) => r.role))],
    adminOf: roles.filter((r) => r.role === 'admin' && r.organisation_id).map((r) => r.organisation_id!),
  };
}

/**
 * The user of a verified token, created on first sight (a new sign-up has no roles until one is given).
 * The e-mail is kept in step with Firebase's.
 */
export async function ensureUser(db: Db, uid: string, email: string | undefined, now: number): Promise<UserRecord> {
  const existing = await findUser(db, uid);
  const normalised = email?.toLowerCase();
  if (existing) {
    if (
      normalised &&
      normalised !== existing.email &&
      !(await db.selectFrom('users').select('id').where('email', '=', normalised).where('id', '!=', uid).executeTakeFirst())
    ) {
      await db.updateTable('users').set({ email: normalised, updated_at: now }).where('id', '=', uid).execute();
      return { ...existing, email: normalised };
    }
    return existing;
  }
  // An address another user row still holds (e.g. a re-created Firebase account) is not taken over.
  const taken = normalised ? await db.selectFrom('users').select('id').where('email', '=', normalised).executeTakeFirst() : undefined;
  await db
    .insertInto('users')
    .values({ id: uid, email: normalised && !taken ? normalised : `${uid}@users.invalid`, language: 'en', updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const created = await findUser(db, uid);
  if (!created) throw new Error('user row could not be created');
  return created;
}

export async function grantRole(db: Db, uid: string, role: Role, organisationId: string | null = null): Promise<void> {
  const existing = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', uid)
    .where('role', '=', role)
    .where((eb) => (organisationId === null ? eb('organisation_id', 'is', null) : eb('organisation_id', '=', organisationId)))
    .executeTakeFirst();
  if (!existing) await db.insertInto('user_roles').values({ user_id: uid, role, organisation_id: organisationId }).execute();
}
