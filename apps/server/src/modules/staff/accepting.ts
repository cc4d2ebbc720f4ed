// Staff invitations, the invited person's side: what the invitation page shows for a token, and accepting it
// (their account made with the chosen password, and the invited role).
import { randomBytes } from 'node:crypto';
import { firebaseAuth, firebaseConfigured } from '../../auth/firebase.ts';
import { forgetUser, grantRole } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { personLabel, recordOrganisationAudit } from './audit.ts';
import { hashToken, organisationName, toStaffRole, type InvitationRow } from './invitations.ts';

const invalidLink = () =>
  new HttpError(
    400,
    'invalid_token',
    'This invitation link does not work any more: it was replaced, withdrawn or has expired. Ask the person who invited you to send it again.',
  );

async function invitationByToken(db: Db, token: string, lock = false) {
  let query = db
    .selectFrom('organisation_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token));
  if (lock) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as InvitationRow | undefined;
  if (!row || row.withdrawn_at) throw invalidLink();
  if (row.accepted_at)
    throw new HttpError(
      409,
      'already_accepted',
      'This invitation has been accepted: sign in to your console.',
    );
  if (new Date(row.expires_at).getTime() <= Date.now()) throw invalidLink();
  return row;
}

export async function previewInvitation(db: Db, token: string) {
  const row = await invitationByToken(db, token);
  return {
    organisationName: await organisationName(db, row.organisation_id),
    firstName: row.first_name,
    email: row.email,
    role: toStaffRole(row.role),
  };
}

const emailInUse = () =>
  new HttpError(
    409,
    'email_in_use',
    'This address has a Tend account already: sign in with it, or ask the person who invited you.',
  );
const firebaseCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** Makes the invited person's account with their password and gives them the role. */
export async function acceptInvitation(ctx: HandlerContext, token: string, password: string) {
  const row = await invitationByToken(ctx.db, token);
  if (await ctx.db.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst())
    throw emailInUse();
  const displayName = `${row.first_name} ${row.last_name}`;
  let userId = `u-${randomBytes(10).toString('hex')}`;
  let firebaseCreated = false;
  if (firebaseConfigured(ctx.config)) {
    try {
      const account = await firebaseAuth(ctx.config).createUser({
        email: row.email,
        password,
        displayName,
        emailVerified: true,
      });
      userId = account.uid;
      firebaseCreated = true;
    } catch (error) {
      if (firebaseCode(error) === 'auth/email-already-exists') throw emailInUse();
      if (firebaseCode(error) === 'auth/invalid-password')
        throw badRequest('Choose a longer password.', { fields: { password: 'is too weak' } });
      throw error;
    }
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      const current = await invitationByToken(db, token, true);
      const now = new Date();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email: current.email,
          first_name: current.first_name,
          last_name: current.last_name,
          screen_name: null,
          language: 'en',
          updated_at: now.getTime(),
        })
        .execute();
      if (current.role === 'admin') {
        await grantRole(db, userId, 'admin', current.organisation_id);
      } else {
        await trx
          .insertInto('therapists')
          .values({
            id: userId,
            organisation_id: current.organisation_id,
            email: current.email,
            first_name: current.first_name,
            last_name: current.last_name,
            biography: '',
            timezone: 'Europe/London',
            is_lead: current.role === 'lead-therapist',
            created_at: now,
            updated_at: now,
          })
          .execute();
        await grantRole(db, userId, 'therapist');
      }
      await trx
        .updateTable('organisation_invitations')
        .set({ accepted_at: now })
        .where('id', '=', current.id)
        .execute();
      await recordOrganisationAudit(db, {
        organisationId: current.organisation_id,
        actorId: userId,
        action: 'invitation_accepted',
        subject: { id: userId, label: personLabel(current) },
        detail: { role: toStaffRole(current.role) },
      });
    });
  } catch (error) {
    if (firebaseCreated)
      await firebaseAuth(ctx.config)
        .deleteUser(userId)
        .catch(() => undefined);
    if ((error as { code?: unknown }).code === '23505') throw emailInUse();
    throw error;
  }
  forgetUser(ctx.db, userId);
  const admin = row.role === 'admin';
  return {
    email: row.email,
    console: admin ? 'admin' : 'therapist',
    signInUrl: `${admin ? ctx.config.adminAppUrl : ctx.config.therapistAppUrl}/authentication/login`,
  };
}
