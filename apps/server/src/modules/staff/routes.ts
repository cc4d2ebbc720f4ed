// Organisation staff (the admin console's Staff page): invitations, roles, removal, and the organisation's audit log.
// Who may do what: access.ts. The audit writer other modules call: audit.ts (recordOrganisationAudit).
import type { Db } from '../../db/index.ts';
import { envLimit, RATE_LIMITS } from '../../http/rate-limits.ts';
import type { HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { callerOf, requireAdminOf } from '../organisations/access.ts';
import { staffAccess } from './access.ts';
import { organisationAuditPage } from './audit.ts';
import { acceptInvitation, previewInvitation } from './accepting.ts';
import {
  invitationPage,
  inviteStaff,
  resendInvitation,
  withdrawInvitation,
  type InviteInput,
} from './inviting.ts';
import { removeStaffMember, setStaffRoles, staffPatients, type Placement, type StaffRole } from './roster.ts';

const pageSizeOf = (q: Record<string, unknown>) => (typeof q.pageSize === 'number' ? q.pageSize : 50);
const lastPageOf = (q: Record<string, unknown>) => (typeof q.lastPage === 'string' ? q.lastPage : null);

/** The path's organisation, once the caller is found to administer it (else 403). */
async function administered(ctx: HandlerContext): Promise<string> {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  return id;
}

/** A change to a staff member an administrator makes: the organisation, the member and who changes it. */
async function memberChange(
  ctx: HandlerContext,
): Promise<[organisationId: string, userId: string, by: string]> {
  return [await administered(ctx), String(ctx.params.user), callerOf(ctx).uid];
}

export const handlers: Handlers = {
  listStaffInvitations: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await staffAccess(ctx, id, { leadMay: true });
    return invitationPage(ctx.db, id, pageSizeOf(ctx.query), lastPageOf(ctx.query));
  },

  inviteStaff: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    const access = await staffAccess(ctx, id, { leadMay: true });
    const invitation = await inviteStaff(ctx, id, access, callerOf(ctx).uid, ctx.body as InviteInput);
    ctx.log.info({ organisationId: id, by: callerOf(ctx).uid, role: invitation.role }, 'staff invited');
    return respond(201, invitation);
  },

  resendStaffInvitation: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    const access = await staffAccess(ctx, id, { leadMay: true });
    return resendInvitation(ctx, id, String(ctx.params.invitation), access, callerOf(ctx).uid);
  },

  withdrawStaffInvitation: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    const access = await staffAccess(ctx, id, { leadMay: true });
    await withdrawInvitation(ctx, id, String(ctx.params.invitation), access, callerOf(ctx).uid);
    return respond(204);
  },

  previewStaffInvitation: async (_req, ctx) =>
    previewInvitation(ctx.db, (ctx.body as { token: string }).token),

  acceptStaffInvitation: async (_req, ctx) => {
    const body = ctx.body as { token: string; password: string };
    return acceptInvitation(ctx, body.token, body.password);
  },

  setStaffRoles: async (_req, ctx) =>
    setStaffRoles(ctx, ...(await memberChange(ctx)), (ctx.body as { roles: StaffRole[] }).roles),

  listStaffPatients: async (_req, ctx) =>
    staffPatients(ctx.db as Db, await administered(ctx), String(ctx.params.user)),

  removeStaffMember: async (_req, ctx) =>
    removeStaffMember(
      ctx,
      ...(await memberChange(ctx)),
      (ctx.body as { placements: Placement[] }).placements,
    ),

  listOrganisationAudit: async (_req, ctx) =>
    organisationAuditPage(ctx.db, await administered(ctx), pageSizeOf(ctx.query), lastPageOf(ctx.query)),
};

/** The invitation link's calls are open to anyone: limited like sign-in. */
export const rateLimits: Record<string, RateLimit> = {
  previewStaffInvitation: envLimit(RATE_LIMITS.SIGN_IN),
  acceptStaffInvitation: envLimit(RATE_LIMITS.SIGN_IN),
};
