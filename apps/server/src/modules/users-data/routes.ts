// users-data tag (data-export tooling): clone a user into an anonymised test user, export everything kept
// about a user, create a user, erase a user. Which tables hold a user's rows is found from the database
// catalogue (./tables.ts), so tables added later are covered without editing a list.
//
// Firebase accounts are created and deleted when Firebase is configured (the Auth emulator in development
// and tests that start one, the real project in production); without it (unit tests on PGlite) only the
// Tend records are written, and a created user without a password gets no reset mail.
import { createHash, randomBytes } from 'node:crypto';
import { firebaseAuth } from '../../auth/firebase.ts';
import { revokeSessions } from '../../auth/revoke.ts';
import { sql } from 'kysely';
import { json, type Db } from '../../db/index.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { readTimeCursor, writeTimeCursor } from '../../http/time-cursor.ts';
import { callerOf } from '../organisations/access.ts';
import { emailsOf, eraseUser, exportUser, keptRows } from './tables.ts';

const firebaseConfigured = (ctx: HandlerContext) =>
  Boolean(ctx.config.authEmulatorHost) || ctx.config.isProduction;
const newUserId = (prefix: string) => `${prefix}-${randomBytes(10).toString('hex')}`;
const firebaseCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

type Role = 'patient' | 'therapist' | 'admin' | 'data-export';
const ROLE_OF_SCOPE: Record<string, Role> = {
  patient: 'patient',
  therapist: 'therapist',
  'lead-therapist': 'therapist',
  'org-admin': 'admin',
  'data-export': 'data-export',
};

async function emailTaken(db: Db, email: string): Promise<boolean> {
  for (const table of ['users', 'patients', 'therapists'] as const) {
    if (await db.selectFrom(table).select('id').where('email', '=', email).executeTakeFirst()) return true;
  }
  return false;
}

/** A short one-way reference of a user id: says which log entries are about the same person, nothing else. */
export const subjectRef = (userId: string) =>
  createHash('sha256').update(`tend-user-data-log.${userId}`).digest('hex').slice(0, 12);

type LoggedAction = 'export' | 'clone' | 'create' | 'erase';

/** Logs an action of the data-export tooling (who, when, what, about whom): migration 0080. */
async function logAction(
  db: Db,
  ctx: HandlerContext,
  action: LoggedAction,
  subjectId: string | null,
  ref: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('user_data_actions')
    .values({
      id: newUserId('uda'),
      action,
      actor_id: callerOf(ctx).uid,
      subject_id: subjectId,
      subject_ref: ref,
      detail: json(detail),
    })
    .execute();
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null;

const emailInUse = () =>
  new HttpError(409, 'email_in_use', 'A user with this e-mail address already exists.', {
    fields: { email: 'is already used' },
  });

export const handlers: Handlers = {
  cloneUser: async (_req, ctx) => {
    const sourceId = String(ctx.params.userId);
    const cloneId = newUserId('clone');
    const email = `clone+${cloneId}@example.invalid`;
    await ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .selectAll()
        .where('id', '=', sourceId)
        .executeTakeFirst();
      const therapist = await trx
        .selectFrom('therapists')
        .selectAll()
        .where('id', '=', sourceId)
        .executeTakeFirst();
      const user = await trx.selectFrom('users').selectAll().where('id', '=', sourceId).executeTakeFirst();
      if (!patient && !therapist && !user) throw notFound('No such user.');
      const now = new Date();
      await trx
        .insertInto('users')
        .values({
          id: cloneId,
          email,
          first_name: 'Test',
          last_name: 'Clone',
          screen_name: null,
          language: user?.language ?? 'en',
          updated_at: now.getTime(),
        })
        .execute();
      // A test user is a patient or a therapist: administrator and data-export roles are not copied.
      const roles = await trx
        .selectFrom('user_roles')
        .select(['role', 'organisation_id'])
        .where('user_id', '=', sourceId)
        .where('role', 'in', ['patient', 'therapist'])
        .execute();
      if (roles.length > 0)
        await trx
          .insertInto('user_roles')
          .values(roles.map((r) => ({ user_id: cloneId, role: r.role, organisation_id: r.organisation_id })))
          .execute();
      if (therapist) {
        await trx
          .insertInto('therapists')
          .values({
            ...therapist,
            id: cloneId,
            email,
            first_name: 'Test',
            last_name: 'Clone',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      if (patient) {
        await trx
          .insertInto('patients')
          .values({
            ...patient,
            id: cloneId,
            email,
            first_name: 'Test',
            last_name: 'Clone',
            created_at: now,
            updated_at: now,
          })
          .execute();
        const moments = await trx
          .selectFrom('moments')
          .selectAll()
          .where('patient_id', '=', sourceId)
          .execute();
        const ids = new Map(moments.map((m) => [m.id, newUserId('m')]));
        for (const m of moments) {
          await trx
            .insertInto('moments')
            .values({
              ...m,
              id: ids.get(m.id)!,
              patient_id: cloneId,
              body: json(m.body),
              created_by: m.created_by === sourceId ? cloneId : null,
            })
            .execute();
        }
        const files = await trx
          .selectFrom('moment_files')
          .selectAll()
          .where('patient_id', '=', sourceId)
          .execute();
        for (const f of files) {
          const momentId = ids.get(f.moment_id);
          if (momentId)
            await trx
              .insertInto('moment_files')
              .values({ ...f, moment_id: momentId, patient_id: cloneId, uploaded_by: cloneId })
              .execute();
        }
      }
      await logAction(trx as unknown as Db, ctx, 'clone', sourceId, subjectRef(sourceId), {
        cloneUserId: cloneId,
      });
    });
    ctx.log.info({ userId: sourceId, cloneId, by: callerOf(ctx).uid }, 'user cloned');
    return respond(201, { userId: cloneId, email });
  },

  exportUserData: async (_req, ctx) => {
    const userId = String(ctx.params.userId);
    const tables = await exportUser(ctx.db, userId);
    if (!tables) throw notFound('Nothing is kept about this user.');
    await logAction(ctx.db, ctx, 'export', userId, subjectRef(userId), {
      rows: Object.values(tables).reduce((n, rows) => n + rows.length, 0),
    });
    ctx.log.info({ userId, by: callerOf(ctx).uid }, 'user data exported');
    return respond(
      200,
      { userId, exportedAt: new Date().toISOString(), tables },
      {
        'content-disposition': `attachment; filename="tend-user-${userId}.json"`,
        'cache-control': 'private, no-store',
      },
    );
  },

  createUserData: async (_req, ctx) => {
    const input = ctx.body as {
      email: string;
      firstName: string;
      lastName: string;
      scopes: string[];
      organisationId?: string;
      password?: string;
      language?: string;
    };
    const email = input.email.toLowerCase();
    const roles = [...new Set(input.scopes.map((s) => ROLE_OF_SCOPE[s]!))];
    const needsOrganisation = roles.some((r) => r === 'patient' || r === 'therapist' || r === 'admin');
    if (roles.includes('patient') && roles.includes('therapist'))
      throw badRequest('A user is either a patient or a therapist.', {
        fields: { scopes: 'cannot hold both patient and therapist' },
      });
    if (needsOrganisation && !input.organisationId)
      throw badRequest('These scopes need an organisation.', {
        fields: { organisationId: "can't be blank" },
      });
    if (
      input.organisationId &&
      !(await ctx.db
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', input.organisationId)
        .executeTakeFirst())
    ) {
      throw badRequest('There is no such organisation.', { fields: { organisationId: 'does not exist' } });
    }
    if (await emailTaken(ctx.db, email)) throw emailInUse();
    const userId = newUserId('u');
    const displayName = `${input.firstName} ${input.lastName}`;
    if (firebaseConfigured(ctx)) {
      try {
        await firebaseAuth(ctx.config).createUser({
          uid: userId,
          email,
          displayName,
          emailVerified: false,
          ...(input.password ? { password: input.password } : {}),
        });
      } catch (error) {
        if (firebaseCode(error) === 'auth/email-already-exists') throw emailInUse();
        if (firebaseCode(error) === 'auth/invalid-password')
          throw badRequest('The password is too weak.', { fields: { password: 'is too weak' } });
        throw error;
      }
    }
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .insertInto('users')
          .values({
            id: userId,
            email,
            first_name: input.firstName,
            last_name: input.lastName,
            screen_name: null,
            language: input.language ?? 'en',
            updated_at: now.getTime(),
          })
          .execute();
        await trx
          .insertInto('user_roles')
          .values(
            roles.map((role) => ({
              user_id: userId,
              role,
              organisation_id: role === 'admin' ? input.organisationId! : null,
            })),
          )
          .execute();
        const person = {
          id: userId,
          organisation_id: input.organisationId!,
          email,
          first_name: input.firstName,
          last_name: input.lastName,
        };
        if (roles.includes('patient'))
          await trx
            .insertInto('patients')
            .values({ ...person, high_risk: false })
            .execute();
        if (roles.includes('therapist'))
          await trx
            .insertInto('therapists')
            .values({ ...person, biography: '', timezone: 'Europe/London' })
            .execute();
        await logAction(trx as unknown as Db, ctx, 'create', userId, subjectRef(userId), {
          scopes: input.scopes,
        });
      });
    } catch (error) {
      if (firebaseConfigured(ctx))
        await firebaseAuth(ctx.config)
          .deleteUser(userId)
          .catch(() => undefined);
      if ((error as { code?: unknown }).code === '23505') throw emailInUse();
      throw error;
    }
    if (firebaseConfigured(ctx) && !input.password) {
      const link = await firebaseAuth(ctx.config).generatePasswordResetLink(email);
      await ctx.mailer.send({
        to: email,
        subject: 'Welcome to Tend: choose your password',
        text: `Hello ${input.firstName},\n\nAn account was created for you on Tend. Choose your password here:\n${link}\n\nIf you did not expect this e-mail, you can ignore it.`,
      });
    }
    ctx.log.info({ userId, roles, by: callerOf(ctx).uid }, 'user created');
    return respond(201, { userId, email });
  },

  deleteUserData: async (_req, ctx) => {
    const userId = String(ctx.query.userId);
    if (userId === callerOf(ctx).uid)
      throw badRequest('You cannot erase your own account with this call.', {
        fields: { userId: 'is your own account' },
      });
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await eraseUser(trx as unknown as Db, userId);
      // The log keeps that the erasure happened, by whom and when; the user's id leaves it (see migration 0080).
      await trx
        .updateTable('user_data_actions')
        .set({ subject_id: null })
        .where('subject_id', '=', userId)
        .execute();
      await logAction(trx as unknown as Db, ctx, 'erase', null, subjectRef(userId), { rows });
      return rows;
    });
    if (firebaseConfigured(ctx)) {
      await firebaseAuth(ctx.config)
        .deleteUser(userId)
        .catch((error: unknown) => {
          if (firebaseCode(error) !== 'auth/user-not-found') throw error;
        });
    }
    // Every credential the erased account still holds is refused from now on, in every process (the
    // validity record is keyed by a hash of the id, so it outlives the erasure: src/auth/validity.ts).
    await revokeSessions(ctx, userId, 'account-erased', { firebase: false });
    ctx.log.info({ userId, rows: changed, by: callerOf(ctx).uid }, 'user erased');
    return respond(204);
  },

  findUserData: async (_req, ctx) => {
    const query = String((ctx.body as { query: string }).query).trim();
    let userId = query;
    if (query.includes('@')) {
      const email = query.toLowerCase();
      let found: string | undefined;
      for (const table of ['users', 'patients', 'therapists'] as const) {
        found ??= (
          await ctx.db
            .selectFrom(table)
            .select('id')
            .where(sql<boolean>`lower(email) = ${email}`)
            .executeTakeFirst()
        )?.id;
      }
      if (!found) throw notFound('Nobody uses this e-mail address.');
      userId = found;
    } else if (!/^[A-Za-z0-9_-]{1,128}$/.test(query)) {
      throw badRequest('Give an e-mail address or a user id.', {
        fields: { query: 'is not an e-mail address or a user id' },
      });
    }
    const tables = await keptRows(ctx.db, userId);
    const total = tables.reduce((n, t) => n + t.rows, 0);
    if (total === 0) throw notFound('Nothing is kept about this user.');
    const profile =
      (await ctx.db
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirst()) ??
      (await ctx.db
        .selectFrom('patients')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirst()) ??
      (await ctx.db
        .selectFrom('therapists')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirst());
    const roles = await ctx.db
      .selectFrom('user_roles')
      .select(['role', 'organisation_id'])
      .where('user_id', '=', userId)
      .orderBy('role')
      .execute();
    return {
      userId,
      email: profile?.email ?? (await emailsOf(ctx.db, userId))[0] ?? null,
      firstName: profile?.first_name ?? null,
      lastName: profile?.last_name ?? null,
      roles: roles.map((r) => ({ role: r.role, organisationId: r.organisation_id })),
      tables,
      total,
    };
  },

  listUserDataActions: async (_req, ctx) => {
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 50;
    const cursor = typeof ctx.query.lastPage === 'string' ? readTimeCursor(ctx.query.lastPage) : null;
    let query = ctx.db
      .selectFrom('user_data_actions as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .select([
        'a.id',
        'a.action',
        'a.created_at',
        'a.actor_id',
        'a.subject_id',
        'a.subject_ref',
        'a.detail',
        'actor.first_name',
        'actor.last_name',
        'actor.email',
      ]);
    if (cursor) {
      const at = new Date(cursor.t);
      query = query.where((eb) =>
        eb.or([
          eb('a.created_at', '<', at),
          eb.and([eb('a.created_at', '=', at), eb('a.id', '<', cursor.i)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize + 1)
      .execute();
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        id: r.id,
        action: r.action,
        at: new Date(r.created_at).toISOString(),
        actor: { userId: r.actor_id, name: fullName(r.first_name, r.last_name), email: r.email ?? null },
        subject: { userId: r.subject_id, ref: r.subject_ref },
        detail: r.detail ?? {},
      })),
      lastPage: rows.length > pageSize && last ? writeTimeCursor(last.created_at, last.id) : null,
    };
  },
};
