// Who may act on an organisation's staff. An administrator of the organisation (organisations/access.ts:
// its own administrators and those of an organisation above it, platform administrators) may do all of it.
// A lead therapist of the organisation (therapists.is_lead, working in that very organisation) may invite
// therapists and resend or withdraw therapists' invitations, and see the pending invitations; nothing else.
// A therapist of the organisation who is not a lead is refused with 403; anyone else gets 404, whether or
// not the organisation exists.
import { forbidden, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { adminScope, callerOf } from '../organisations/access.ts';

export interface StaffAccess {
  admin: boolean;
  /** A lead therapist of the organisation (and not an administrator of it). */
  lead: boolean;
}

export async function staffAccess(
  ctx: HandlerContext,
  organisationId: string,
  { leadMay }: { leadMay: boolean },
): Promise<StaffAccess> {
  const user = callerOf(ctx);
  const scope = await adminScope(ctx.db, user);
  if (scope.ids.has(organisationId)) return { admin: true, lead: false };
  const therapist = user.scopes.some((s) => s === 'therapist' || s === 'lead-therapist')
    ? await ctx.db
        .selectFrom('therapists')
        .select(['is_lead'])
        .where('id', '=', user.uid)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
    : undefined;
  if (!therapist) throw notFound('No such organisation.');
  if (!therapist.is_lead || !leadMay || !user.scopes.includes('lead-therapist'))
    throw forbidden('Only the organisation’s administrators and lead therapists may do this.');
  return { admin: false, lead: true };
}
