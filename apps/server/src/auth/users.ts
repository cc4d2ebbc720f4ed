// The users known to the server (one row per Firebase uid) and their roles.
//
// Who a user is (row and roles) is read on every signed-in request, so each process keeps a copy per user
// (../realtime/cache.ts): a database trigger announces every change of `users` and `user_roles` on the
// event bus (migration 0112), and every process drops its copy when it hears of it. Code that changed a
// user and reads it back at once calls forgetUser (on PostgreSQL the announcement arrives a moment later).
import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { Role } from '../db/tables/identity.ts';
import type { ChatListener } from '../realtime/bus.ts';
import { BusCache, type BusCacheOptions } from '../realtime/cache.ts';

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

/** The user and their roles (one query), or null. */
export async function findUser(db: Db, uid: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('user_roles')
          .select(['role', 'organisation_id'])
          .whereRef('user_roles.user_id', '=', 'users.id'),
      ).as('roles'),
    )
    .where('id', '=', uid)
    .executeTakeFirst();
  if (!row) return null;
  const roles = row.roles;
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

const caches = new WeakMap<Db, BusCache<UserRecord | null>>();

/** Keeps this app's copies of users (the identity part's register hook). */
export function installUserCache(db: Db, bus: ChatListener | undefined, options?: BusCacheOptions): void {
  caches.set(
    db,
    new BusCache<UserRecord | null>(
      bus,
      (event) => (event.t === 'user' || event.t === 'sessions' ? event.u : null),
      options,
    ),
  );
}

/** The user as findUser gives it, from this process's copy when the bus vouches for it. Do not modify it. */
export function cachedUser(db: Db, uid: string): Promise<UserRecord | null> {
  return caches.get(db)?.get(uid, () => findUser(db, uid)) ?? findUser(db, uid);
}

/** Drops this process's copy of the user (call it after changing the user, before reading it back). */
export function forgetUser(db: Db, uid: string): void {
  caches.get(db)?.forget(uid);
}

/**
 * The user of a verified token, created on first sight (a new sign-up has no roles until one is given).
 * The e-mail is kept in step with Firebase's.
 */
export async function ensureUser(
  db: Db,
  uid: string,
  email: string | undefined,
  now: number,
): Promise<UserRecord> {
  const existing = await cachedUser(db, uid);
  const normalised = email?.toLowerCase();
  if (existing) {
    if (
      normalised &&
      normalised !== existing.email &&
      !(await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', normalised)
        .where('id', '!=', uid)
        .executeTakeFirst())
    ) {
      await db
        .updateTable('users')
        .set({ email: normalised, updated_at: now })
        .where('id', '=', uid)
        .execute();
      forgetUser(db, uid);
      return { ...existing, email: normalised };
    }
    return existing;
  }
  // An address another user row still holds (e.g. a re-created Firebase account) is not taken over.
  const taken = normalised
    ? await db.selectFrom('users').select('id').where('email', '=', normalised).executeTakeFirst()
    : undefined;
  await db
    .insertInto('users')
    .values({
      id: uid,
      email: normalised && !taken ? normalised : `${uid}@users.invalid`,
      language: 'en',
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  forgetUser(db, uid);
  const created = await findUser(db, uid);
  if (!created) throw new Error('user row could not be created');
  return created;
}

/** The user_roles row of `uid` holding `role` in that organisation (the global one for null). */
const theRole =
  (uid: string, role: Role, organisationId: string | null) =>
  (eb: ExpressionBuilder<Database, 'user_roles'>) =>
    eb.and([
      eb('user_id', '=', uid),
      eb('role', '=', role),
      organisationId === null
        ? eb('organisation_id', 'is', null)
        : eb('organisation_id', '=', organisationId),
    ]);

/** Takes a role away (grantRole's twin): the role in that organisation, or the global one for null. */
export async function revokeRole(
  db: Db,
  uid: string,
  role: Role,
  organisationId: string | null = null,
): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where(theRole(uid, role, organisationId))
    .execute();
  forgetUser(db, uid);
}

export async function grantRole(
  db: Db,
  uid: string,
  role: Role,
  organisationId: string | null = null,
): Promise<void> {
  const existing = await db
    .selectFrom('user_roles')
    .select('role')
    .where(theRole(uid, role, organisationId))
    .executeTakeFirst();
  if (!existing)
    await db
      .insertInto('user_roles')
      .values({ user_id: uid, role, organisation_id: organisationId })
      .execute();
  forgetUser(db, uid);
}
