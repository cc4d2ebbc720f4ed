// Staff invitations: an administrator (or a lead therapist, for therapists) invites someone by e-mail; the
// mail links to the public site's invitation page, where the person chooses a password; their account is
// made then, with the invited role. Their console asks for a second factor on the first sign-in (the
// identity part: 403 mfa_enrolment_required for staff without one). Tokens are 32 random bytes, stored as
// SHA-256; resending makes a new token (the old link stops working).
//
// This file: what both sides share (roles, tokens, the invitation e-mail); the administrators' side
// (invite, resend, withdraw, the pending list) is ./inviting.ts, the invited person's (preview, accept)
// ./accepting.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { Selectable } from 'kysely';
import type { InvitationRole, OrganisationInvitationsTable } from '../../db/tables/staff.ts';
import { notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';

export const INVITATION_DAYS = 14;
export const DAY = 24 * 60 * 60_000;

/** The contract's StaffRole for a stored invitation role, and back. */
export const toStaffRole = (role: InvitationRole) => (role === 'admin' ? 'org-admin' : role);
export const fromStaffRole = (role: string): InvitationRole =>
  role === 'org-admin' ? 'admin' : role === 'lead-therapist' ? 'lead-therapist' : 'therapist';

/** An invitation as the staff handlers read one: every column but the token's hash. */
export type InvitationRow = Omit<Selectable<OrganisationInvitationsTable>, 'token_hash'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

const ROLE_WORDS: Record<InvitationRole, string> = {
  therapist: 'a therapist',
  'lead-therapist': 'a lead therapist',
  admin: 'an administrator',
};

export async function organisationName(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such organisation.');
  return row.name;
}

export async function sendInvitation(
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
