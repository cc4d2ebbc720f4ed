// Tag staff: an organisation's staff invitations, roles, removal and audit log. The administrator of X acts
// on X; the administrator of Y may not learn X exists (404). Therapists of X hold the lead-therapist scope
// but are not lead therapists of the organisation (therapists.is_lead), so the invitation calls refuse them
// with 403 (they know their own organisation exists); the therapist of X's child gets 404. Roles, removal,
// a therapist's patients and the audit log are the administrators' (scope org-admin). The invitation link's
// calls are public: anyone holding a valid link may preview and accept it.
import { createHash } from 'node:crypto';
import {
  ORG_X,
  adminOfX,
  entry,
  everyone,
  statuses,
  LEAD,
  type Entry,
  type MatrixContext,
} from '../roles.ts';
import { unique } from './support.ts';

const X = { organisation: ORG_X };
const invitationCalls = statuses({
  anonymous: 401,
  assignedTherapist: 403,
  unassignedTherapist: 404,
  lead: 403,
  orgAdmin: 0,
  otherAdmin: 404,
  others: 403,
});
const ok = (status: number) =>
  invitationCalls.map((s) => (s === 0 ? status : s)) as unknown as typeof invitationCalls;
const invitationOptions = {
  // A therapist of X knows X exists: for an unknown organisation they get 404 instead of 403.
  mayKnowItExists: ['assignedTherapist', 'lead'] as Entry['mayKnowItExists'],
  colleague: 403,
};

/** A pending invitation to X (database only), with its link's token. */
async function invitationOfX(m: MatrixContext): Promise<{ id: string; token: string }> {
  const id = unique('matrix-invitation');
  const token = `${id}-token-${Math.random().toString(36).slice(2)}`;
  await m.t.db
    .insertInto('organisation_invitations')
    .values({
      id,
      organisation_id: ORG_X,
      email: `${id}@example.org`,
      first_name: 'Invited',
      last_name: 'Person',
      role: 'therapist',
      token_hash: createHash('sha256').update(token).digest('hex'),
      invited_by: 'admin-1',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return { id, token };
}

/** A new therapist of X without patients (database only). */
async function therapistOfX(m: MatrixContext): Promise<string> {
  const id = unique('matrix-therapist');
  // The same person in the account and in the therapists' table.
  const person = { id, email: `${id}@example.org`, first_name: 'Staff', last_name: 'Member' };
  await m.t.db
    .insertInto('users')
    .values({
      ...person,
      screen_name: null,
      language: 'en',
      updated_at: Date.now(),
    })
    .execute();
  await m.t.db
    .insertInto('therapists')
    .values({
      ...person,
      organisation_id: ORG_X,
      biography: '',
      timezone: 'Europe/London',
    })
    .execute();
  await m.t.db
    .insertInto('user_roles')
    .values({ user_id: id, role: 'therapist', organisation_id: null })
    .execute();
  return id;
}

export const entries: Entry[] = [
  entry('listStaffInvitations', ok(200), () => ({ params: X }), invitationOptions),
  entry(
    'inviteStaff',
    ok(201),
    () => ({
      params: X,
      body: {
        email: `${unique('matrix-invitee')}@example.org`,
        firstName: 'New',
        lastName: 'Staff',
        role: 'therapist',
      },
    }),
    invitationOptions,
  ),
  entry(
    'resendStaffInvitation',
    ok(200),
    async (_role, m) => ({ params: { ...X, invitation: (await invitationOfX(m)).id } }),
    invitationOptions,
  ),
  entry(
    'withdrawStaffInvitation',
    ok(204),
    async (_role, m) => ({ params: { ...X, invitation: (await invitationOfX(m)).id } }),
    invitationOptions,
  ),
  entry('previewStaffInvitation', everyone(200), async (_role, m) => ({
    body: { token: (await invitationOfX(m)).token },
  })),
  entry('acceptStaffInvitation', everyone(200), async (_role, m) => ({
    body: { token: (await invitationOfX(m)).token, password: 'a-long-enough-password' },
  })),
  entry('setStaffRoles', adminOfX(200), async (_role, m) => ({
    params: { ...X, user: await therapistOfX(m) },
    body: { roles: ['therapist', 'lead-therapist'] },
  })),
  entry('listStaffPatients', adminOfX(200), () => ({ params: { ...X, user: LEAD } })),
  entry('removeStaffMember', adminOfX(200), async (_role, m) => ({
    params: { ...X, user: await therapistOfX(m) },
    body: { placements: [] },
  })),
  entry('listOrganisationAudit', adminOfX(200), () => ({ params: X })),
];
