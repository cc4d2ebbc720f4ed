// An organisation's first administrator (createOrganisation `firstAdmin`): the person who will run the new
// organisation. An existing staff account with that address (therapist or administrator) gets the `admin`
// role for it; an address nobody uses gets a new account (Firebase when configured: the Auth emulator in
// development, the real project in production) and a mail with a link to choose a password. A patient's
// address is refused (409 email_in_use): an administrator reads patients' chats for safeguarding, so that
// needs an account of its own, never a patient's.
//
// The Firebase account is made before the transaction that creates the organisation (Firebase is not part
// of it) and deleted again when that transaction fails.
import { randomBytes } from 'node:crypto';
import { firebaseAuth, firebaseConfigured } from '../../auth/firebase.ts';
import { forgetUser } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';

export interface FirstAdminInput {
  email: string;
  firstName: string;
  lastName: string;
}

/** Who the first administrator will be, decided before anything is written. */
export interface FirstAdminPlan {
  input: FirstAdminInput;
  userId: string;
  /** A new account (user row to insert; a Firebase account made by prepare when configured). */
  created: boolean;
  /** The Firebase account was made by prepare (to delete if the organisation is not created). */
  firebaseCreated: boolean;
}

const FIELD = 'firstAdmin.email';
const patientAddress = () =>
  new HttpError(
    409,
    'email_in_use',
    "This address belongs to a patient's account. An administrator needs a staff account of their own: use another address.",
    {
      fields: { [FIELD]: 'belongs to a patient' },
    },
  );

const firebaseCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** Checks the address and, for a new person with Firebase configured, makes their sign-in account. */
export async function prepareFirstAdmin(ctx: HandlerContext, raw: FirstAdminInput): Promise<FirstAdminPlan> {
  const input = {
    email: raw.email.trim().toLowerCase(),
    firstName: raw.firstName.trim(),
    lastName: raw.lastName.trim(),
  };
  if (!input.firstName || !input.lastName) {
    throw new HttpError(400, 'invalid_request', "The administrator's name cannot be blank.", {
      fields: {
        ...(input.firstName ? {} : { 'firstAdmin.firstName': "can't be blank" }),
        ...(input.lastName ? {} : { 'firstAdmin.lastName': "can't be blank" }),
      },
    });
  }
  if (await ctx.db.selectFrom('patients').select('id').where('email', '=', input.email).executeTakeFirst())
    throw patientAddress();
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (existing) {
    const patientRole = await ctx.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', existing.id)
      .where('role', '=', 'patient')
      .executeTakeFirst();
    if (patientRole) throw patientAddress();
    return { input, userId: existing.id, created: false, firebaseCreated: false };
  }
  if (!firebaseConfigured(ctx.config))
    return { input, userId: `u-${randomBytes(10).toString('hex')}`, created: true, firebaseCreated: false };
  const auth = firebaseAuth(ctx.config);
  try {
    const account = await auth.createUser({
      email: input.email,
      displayName: `${input.firstName} ${input.lastName}`,
      emailVerified: false,
    });
    return { input, userId: account.uid, created: true, firebaseCreated: true };
  } catch (error) {
    // A sign-in account without a Tend user yet (e.g. made by hand): it becomes the administrator's.
    if (firebaseCode(error) === 'auth/email-already-exists')
      return {
        input,
        userId: (await auth.getUserByEmail(input.email)).uid,
        created: true,
        firebaseCreated: false,
      };
    throw error;
  }
}

/** Inside the organisation's transaction: the user row when new, and the admin role for the organisation. */
export async function writeFirstAdmin(
  trx: Db,
  plan: FirstAdminPlan,
  organisationId: string,
  language: string,
): Promise<void> {
  if (plan.created) {
    await trx
      .insertInto('users')
      .values({
        id: plan.userId,
        email: plan.input.email,
        first_name: plan.input.firstName,
        last_name: plan.input.lastName,
        screen_name: null,
        language,
        updated_at: Date.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await trx
    .insertInto('user_roles')
    .values({ user_id: plan.userId, role: 'admin', organisation_id: organisationId })
    .execute();
}

/** When the organisation was not created: the Firebase account prepare made goes again. */
export async function undoFirstAdmin(ctx: HandlerContext, plan: FirstAdminPlan | null): Promise<void> {
  if (plan?.firebaseCreated)
    await firebaseAuth(ctx.config)
      .deleteUser(plan.userId)
      .catch(() => undefined);
}

/** After the commit: the person is told (a new account gets its link to choose a password). */
export async function announceFirstAdmin(
  ctx: HandlerContext,
  plan: FirstAdminPlan,
  organisationName: string,
): Promise<void> {
  forgetUser(ctx.db, plan.userId);
  const origin =
    typeof ctx.headers.origin === 'string' && ctx.config.appOrigins.includes(ctx.headers.origin)
      ? ctx.headers.origin
      : null;
  const console = origin ? `\nThe administration console: ${origin}\n` : '';
  const mfa =
    'When you first sign in, the console asks you to set up two-step verification (an authenticator app).';
  const hello = `Hello ${plan.input.firstName},\n\nYou are now an administrator of ${organisationName} on Tend.`;
  if (plan.created && firebaseConfigured(ctx.config)) {
    const link = await firebaseAuth(ctx.config).generatePasswordResetLink(plan.input.email);
    await ctx.mailer.send({
      to: plan.input.email,
      subject: `You administer ${organisationName} on Tend: choose your password`,
      text: `${hello} Choose your password here:\n${link}\n${console}\n${mfa}\n\nIf you did not expect this e-mail, tell us by replying to it.`,
    });
  } else if (!plan.created) {
    await ctx.mailer.send({
      to: plan.input.email,
      subject: `You administer ${organisationName} on Tend`,
      text: `${hello} Sign in with your usual Tend account.\n${console}\nIf you did not expect this e-mail, tell us by replying to it.`,
    });
  }
}
