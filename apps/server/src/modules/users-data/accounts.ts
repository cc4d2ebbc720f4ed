// New users (tag `users-data`): an anonymised test user cloned from a user (their moments copied), and a
// user created with their roles. Firebase accounts are made when Firebase is configured (see ./routes.ts).
import { firebaseAuth } from '../../auth/firebase.ts';
import { json, type Db } from '../../db/index.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { callerOf } from '../organisations/access.ts';
import { logAction, newUserId, subjectRef } from './log.ts';

export const firebaseConfigured = (ctx: HandlerContext) =>
  Boolean(ctx.config.authEmulatorHost) || ctx.config.isProduction;
export const firebaseCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

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

const emailInUse = () =>
  new HttpError(409, 'email_in_use', 'A user with this e-mail address already exists.', {
    fields: { email: 'is already used' },
  });

/** The `users` row of a new account, a clone's or a created user's (no screen name yet). */
const userRow = (
  id: string,
  email: string,
  firstName: string,
  lastName: string,
  language: string,
  now: Date,
) => ({
  id,
  email,
  first_name: firstName,
  last_name: lastName,
  screen_name: null,
  language,
  updated_at: now.getTime(),
});

export const accountHandlers: Handlers = {
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
        .values(userRow(cloneId, email, 'Test', 'Clone', user?.language ?? 'en', now))
        .execute();
      // The source's patient or therapist row, under the clone's id, address and anonymised name.
      const asClone = <Row extends object>(row: Row) => ({
        ...row,
        id: cloneId,
        email,
        first_name: 'Test',
        last_name: 'Clone',
        created_at: now,
        updated_at: now,
      });
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
      if (therapist) await trx.insertInto('therapists').values(asClone(therapist)).execute();
      if (patient) {
        await trx.insertInto('patients').values(asClone(patient)).execute();
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
          .values(userRow(userId, email, input.firstName, input.lastName, input.language ?? 'en', now))
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
};
