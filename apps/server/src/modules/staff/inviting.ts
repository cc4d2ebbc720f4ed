// Staff invitations, the administrators' side: invite someone (a lead therapist: therapists only), resend
// (a new token) or withdraw a pending invitation, and page the pending ones. Who may: ./access.ts.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { newestFirstPage } from '../../db/newest-first.ts';
import type { InvitationRole } from '../../db/tables/staff.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import {
  personLabel,
  readTimeCursor,
  recordOrganisationAudit,
  writeCursor,
  type AuditAction,
} from './audit.ts';
import { lockOrganisation } from '../organisations/service.ts';
import type { StaffAccess } from './access.ts';
import {
  DAY,
  INVITATION_DAYS,
  fromStaffRole,
  hashToken,
  newToken,
  sendInvitation,
  toStaffRole,
  type InvitationRow,
} from './invitations.ts';

/** The audit entry of a change an administrator makes to the invitation of `invitee` (named, with its role). */
function auditInvitation(
  db: Db,
  organisationId: string,
  actorId: string,
  action: AuditAction,
  invitee: Parameters<typeof personLabel>[0] & { role: InvitationRole },
): Promise<void> {
  return recordOrganisationAudit(db, {
    organisationId,
    actorId,
    action,
    subject: { id: null, label: personLabel(invitee) },
    detail: { role: toStaffRole(invitee.role) },
  });
}

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
    await lockOrganisation(trx, organisationId);
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
    await auditInvitation(trx as unknown as Db, organisationId, actorId, 'invitation_sent', inserted);
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
    await auditInvitation(trx as unknown as Db, organisationId, actorId, 'invitation_resent', current);
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
    await auditInvitation(trx as unknown as Db, organisationId, actorId, 'invitation_withdrawn', current);
  });
}

export async function invitationPage(
  db: Db,
  organisationId: string,
  pageSize: number,
  lastPage: string | null,
) {
  const after = lastPage === null ? null : readTimeCursor(lastPage);
  const query = db
    .selectFrom('organisation_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['u.first_name as by_first', 'u.last_name as by_last', 'u.email as by_email'])
    .where('i.organisation_id', '=', organisationId)
    .where('i.accepted_at', 'is', null)
    .where('i.withdrawn_at', 'is', null);
  const { page, more } = await newestFirstPage(
    query,
    'i',
    after && { at: new Date(after.at), id: after.id },
    pageSize,
  );
  const now = Date.now();
  const items = page.map((r) =>
    view(
      r as InvitationRow,
      r.by_email ? [r.by_first, r.by_last].filter(Boolean).join(' ') || r.by_email : null,
      now,
    ),
  );
  const last = items.at(-1);
  return {
    items,
    lastPage: more && last ? writeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
