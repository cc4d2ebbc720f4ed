// What is kept about a user (tag `users-data`): export it, find it (by id or address, counted per table),
// and erase it (rows, Firebase account, sessions). Which tables hold a user's rows: ./tables.ts.
import { firebaseAuth } from '../../auth/firebase.ts';
import { revokeSessions } from '../../auth/revoke.ts';
import { sql } from 'kysely';
import { type Db } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { callerOf } from '../organisations/access.ts';
import { emailsOf, eraseUser, exportUser, keptRows } from './tables.ts';
import { firebaseCode, firebaseConfigured } from './accounts.ts';
import { logAction, subjectRef } from './log.ts';

export const recordHandlers: Handlers = {
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
};
