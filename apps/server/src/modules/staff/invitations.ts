// Staff invitations: an administrator (or a lead therapist, for therapists) invites someone by e-mail; the
// mail links to the public site's invitation page, where the person chooses a password; their account is
// made then, with the invited role. Their console asks for a second factor on the first sign-in (the
// identity part: 403 mfa_enrolment_required for staff without one). Tokens are 32 random bytes, stored as
// SHA-256; resending makes a new token (the old link stops working).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { firebaseAuth, firebaseConfigured } from '../../auth/firebase.ts';
import { forgetUser, grantRole } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import type { InvitationRole } from '../../db/tables/staff.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { personLabel, readTimeCursor, recordOrganisationAudit, writeCursor } from './audit.ts';
import type { StaffAccess } from './access.ts';

export const INVITATION_DAYS = 14;
const DAY = 24 * 60 * 60_000;

/** The contract's StaffRole for a stored invitation role, and back. */
export const toStaffRole = (role: InvitationRole) => (role === 'admin' ? 'org-admin' : role);
export const fromStaffRole = (role: string): InvitationRole =>
  role === 'org-admin' ? 'admin' : role === 'lead-therapist' ? 'lead-therapist' : 'therapist';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const ROLE_WORDS: Record<InvitationRole, string> = {
  therapist: 'a therapist',
  'lead-therapist': 'a lead therapist',
  admin: 'an administrator',
};

type InvitationRow = {
  id: string;
  organisation_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: InvitationRole;
  invited_by: string | null;
  created_at: Date;
  sent_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  withdrawn_at: Date | null;
};

function view(row: InvitationRow, inviter: string | null, now = Date.now()) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: toStaffRole(row.role),
    invitedBy: inviter,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: new Date(row.sent_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    expired: new Date(row.expires_at).getTime() <= now,
  };
}

async function nameOf(db: Db, uid: string | null): Promise<string | null> {
  if (!uid) return null;
  const u = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', uid)
    .executeTakeFirst();
  return u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email : null;
}

async function organisationName(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such organisation.');
  return row.name;
}

async function sendInvitation(
  ctx: HandlerContext,
  row: { email: string; first_name: string; role: InvitationRole; organisation_id: string },
  token: string,
  inviter: string | null,
): Promise<void> {
  const org = await organisationName(ctx.db, row.organisation_id);
  const link = `${ctx.config.publicUrl}/staff/invitation?token=${encodeURIComponent(token)}`;
  const who = inviter ? `${inviter} has invited you` : 'You are invited';
  try {
    await ctx.mailer.send({
      to: row.email,
      subject: `You are invited to join ${org} on Tend`,
      text:
        `Hello ${row.first_name},\n\n${who} to join ${org} on Tend as ${ROLE_WORDS[row.role]}.\n\n` +
        `Choose your password here (the link works for ${INVITATION_DAYS} days):\n${link}\n\n` +
        'When you first sign in, you will set up two-step verification with an authenticator app.\n\n' +
        'If you did not expect this e-mail, you can ignore it: nothing happens unless you open the link.',
    });
  } catch (error) {
    // The invitation is kept: it is listed as pending and can be sent again.
    ctx.log.error({ err: error, invitation: 'send failed' }, 'staff invitation mail not sent');
  }
}

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

export async function inviteStaff(
  ctx: HandlerContext,
  organisationId: string,
  access: StaffAccess,
  actorId: string,
  raw: InviteInput,
) {
  const role = fromStaffRole(raw.role);
  if (!access.admin && role !== 'therapist')
    throw forbidden('A lead therapist may invite therapists only; an administrator invites the others.');
  const email = raw.email.trim().toLowerCase();
  const firstName = raw.firstName.trim();
  const lastName = raw.lastName.trim();
  if (!firstName || !lastName)
    throw badRequest("The person's name cannot be blank.", {
      fields: {
        ...(firstName ? {} : { firstName: "can't be blank" }),
        ...(lastName ? {} : { lastName: "can't be blank" }),
      },
    });
  const taken =
    (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) ??
    (await ctx.db.selectFrom('patients').select('id').where('email', '=', email).executeTakeFirst());
  if (taken)
    throw new HttpError(
      409,
      'email_in_use',
      'This address already has a Tend account. Someone already on your staff gets their roles changed instead.',
      { fields: { email: 'already has an account' } },
    );
  const token = newToken();
  const now = new Date();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('organisations')
      .select('id')
      .where('id', '=', organisationId)
      .forUpdate()
      .executeTakeFirst();
    const pending = await trx
      .selectFrom('organisation_invitations')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (pending)
      throw conflict('This address already has a pending invitation: send it again instead.', {
        fields: { email: 'already invited' },
        invitationId: pending.id,
      });
    const inserted = {
      id: randomUUID(),
      organisation_id: organisationId,
      email,
      first_name: firstName,
      last_name: lastName,
      role,
      token_hash: hashToken(token),
      invited_by: actorId,
      created_at: now,
      sent_at: now,
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY),
      accepted_at: null,
      withdrawn_at: null,
    };
    await trx.insertInto('organisation_invitations').values(inserted).execute();
    await recordOrganisationAudit(trx as unknown as Db, {
      organisationId,
      actorId,
      action: 'invitation_sent',
      subject: { id: null, label: personLabel({ first_name: firstName, last_name: lastName, email }) },
      detail: { role: toStaffRole(role) },
    });
    return inserted;
  });
  const inviter = await nameOf(ctx.db, actorId);
  await sendInvitation(ctx, row, token, inviter);
  return view(row, inviter);
}

/** A pending invitation of the organisation the caller may manage (404 otherwise). */
async function pendingInvitation(trx: Db, organisationId: string, id: string, access: StaffAccess) {
  const row = await trx
    .selectFrom('organisation_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('No such pending invitation.');
  if (!access.admin && row.role !== 'therapist')
    throw forbidden('A lead therapist manages therapists’ invitations only.');
  return row as InvitationRow;
}

export async function resendInvitation(
  ctx: HandlerContext,
  organisationId: string,
  id: string,
  access: StaffAccess,
  actorId: string,
) {
  const token = newToken();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await pendingInvitation(trx as unknown as Db, organisationId, id, access);
    const now = new Date();
    const updated = { sent_at: now, expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY) };
    await trx
      .updateTable('organisation_invitations')
      .set({ ...updated, token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    await recordOrganisationAudit(trx as unknown as Db, {
      organisationId,
      actorId,
      action: 'invitation_resent',
      subject: { id: null, label: personLabel(current) },
      detail: { role: toStaffRole(current.role) },
    });
    return { ...current, ...updated };
  });
  const inviter = await nameOf(ctx.db, actorId);
  await sendInvitation(ctx, row, token, inviter);
  return view(row, await nameOf(ctx.db, row.invited_by));
}

export async function withdrawInvitation(
  ctx: HandlerContext,
  organisationId: string,
  id: string,
  access: StaffAccess,
  actorId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await pendingInvitation(trx as unknown as Db, organisationId, id, access);
    await trx
      .updateTable('organisation_invitations')
      .set({ withdrawn_at: new Date() })
      .where('id', '=', id)
      .execute();
    await recordOrganisationAudit(trx as unknown as Db, {
      organisationId,
      actorId,
      action: 'invitation_withdrawn',
      subject: { id: null, label: personLabel(current) },
      detail: { role: toStaffRole(current.role) },
    });
  });
}

export async function invitationPage(
  db: Db,
  organisationId: string,
  pageSize: number,
  lastPage: string | null,
) {
  const after = lastPage === null ? null : readTimeCursor(lastPage);
  let query = db
    .selectFrom('organisation_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['u.first_name as by_first', 'u.last_name as by_last', 'u.email as by_email'])
    .where('i.organisation_id', '=', organisationId)
    .where('i.accepted_at', 'is', null)
    .where('i.withdrawn_at', 'is', null);
  if (after) {
    const at = new Date(after.at);
    query = query.where((eb) =>
      eb.or([eb('i.created_at', '<', at), eb.and([eb('i.created_at', '=', at), eb('i.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(pageSize + 1)
    .execute();
  const now = Date.now();
  const items = rows
    .slice(0, pageSize)
    .map((r) =>
      view(
        r as InvitationRow,
        r.by_email ? [r.by_first, r.by_last].filter(Boolean).join(' ') || r.by_email : null,
        now,
      ),
    );
  const last = items.at(-1);
  return {
    items,
    lastPage: rows.length > pageSize && last ? writeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

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
