// Organisation staff: invitations (send, list, resend, withdraw, preview and accept by the link), roles,
// removal with every patient placed, and the audit log each change writes. Over the admin-area fixture
// (organisations/test-support.ts): admin administers org-tend-health and its child; otherAdmin only
// org-elsewhere; therapist-1 works in org-tend-health and leads patient-01's and patient-03's care.
import { beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { insertUsers, therapistRow, useAdminTestApp } from '../organisations/test-support.ts';

const t = useAdminTestApp();
const operated = operate(t);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { statusCode: number; json: () => any };
/** operate, answering the status and the body as these tests read them. */
const op = async (...args: Parameters<typeof operated>): Promise<Answer> => {
  const { res, body } = await operated(...args);
  return { statusCode: res.statusCode, json: () => body };
};
const ORG = 'org-tend-health';

beforeAll(async () => {
  await insertUsers(t.db, [
    ['admin-1', 'admin@example.com', 'Riley', 'Adams'],
    ['therapist-1', 'therapist-1@example.com', 'Alex', 'Therapist'],
  ]);
  await t.db
    .insertInto('user_roles')
    .values([
      { user_id: 'admin-1', role: 'admin', organisation_id: ORG },
      { user_id: 'therapist-1', role: 'therapist', organisation_id: null },
    ])
    .execute();
});

const invite = (payload: object, who = 'admin', org = ORG) =>
  op(who, 'inviteStaff', { params: { organisation: org }, payload });
/** The status alone of an invitation (a refusal). */
const inviteStatus = async (...args: Parameters<typeof invite>) => (await invite(...args)).statusCode;
const audit = async (who = 'admin', org = ORG) =>
  op(who, 'listOrganisationAudit', { params: { organisation: org } });

/** Jo New's invitation as a therapist, to the address spelled as given. */
const joNew = (email: string) => ({ email, firstName: 'Jo', lastName: 'New', role: 'therapist' });
/** Accepts the invitation of the mailed link, as the invited person setting a password. */
const accept = (token: string) =>
  op(null, 'acceptStaffInvitation', { payload: { token, password: 'a-long-enough-password' } });

async function tokenMailedTo(email: string): Promise<string> {
  const mails = (await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${email}` })).json() as Array<{
    text: string;
    date: string;
  }>;
  const latest = mails.sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).at(-1);
  const token = /staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(latest?.text ?? '')?.[1];
  expect(token, `an invitation link mailed to ${email}`).toBeTruthy();
  return token!;
}

describe('staff invitations', () => {
  it('invites a therapist: mailed link, pending list, preview, accept with a password, audit entries', async () => {
    const sent = await invite(joNew('Jo.New@Example.com'));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      email: 'jo.new@example.com',
      role: 'therapist',
      invitedBy: 'Riley Adams',
      expired: false,
    });
    const token = await tokenMailedTo('jo.new@example.com');

    const pending = await op('admin', 'listStaffInvitations', { params: { organisation: ORG } });
    expect(pending.json().items.map((i: { email: string }) => i.email)).toContain('jo.new@example.com');

    const again = await invite(joNew('jo.new@example.com'));
    expect(again.statusCode).toBe(409);

    const preview = await op(null, 'previewStaffInvitation', { payload: { token } });
    expect(preview.json()).toEqual({
      organisationName: 'Tend Health',
      firstName: 'Jo',
      email: 'jo.new@example.com',
      role: 'therapist',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'jo.new@example.com', console: 'therapist' });
    expect(accepted.json().signInUrl).toMatch(/\/authentication\/login$/);
    const made = await t.db
      .selectFrom('therapists')
      .select(['id', 'organisation_id', 'is_lead'])
      .where('email', '=', 'jo.new@example.com')
      .executeTakeFirstOrThrow();
    expect(made).toMatchObject({ organisation_id: ORG, is_lead: false });
    const role = await t.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('therapist');

    // The link works once; it is gone from the pending list.
    const twice = await accept(token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_accepted');
    const after = await op('admin', 'listStaffInvitations', { params: { organisation: ORG } });
    expect(after.json().items.map((i: { email: string }) => i.email)).not.toContain('jo.new@example.com');

    const log = (await audit()).json().items as Array<{ action: string; actorName: string; subject: string }>;
    expect(log.slice(0, 2).map((e) => e.action)).toEqual(['invitation_accepted', 'invitation_sent']);
    expect(log[1]).toMatchObject({ actorName: 'Riley Adams', subject: 'Jo New <jo.new@example.com>' });
    expect(log[0]).toMatchObject({ actorName: 'Jo New' });
  });

  it('resending replaces the link; withdrawing ends it', async () => {
    const sent = (
      await invite({ email: 'sam.admin@example.com', firstName: 'Sam', lastName: 'Admin', role: 'org-admin' })
    ).json();
    const first = await tokenMailedTo('sam.admin@example.com');
    await new Promise((r) => setTimeout(r, 1100));
    const resent = await op('admin', 'resendStaffInvitation', {
      params: { organisation: ORG, invitation: sent.id },
    });
    expect(resent.statusCode).toBe(200);
    const second = await tokenMailedTo('sam.admin@example.com');
    expect(second).not.toBe(first);
    const old = await op(null, 'previewStaffInvitation', { payload: { token: first } });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invalid_token');

    const withdrawn = await op('admin', 'withdrawStaffInvitation', {
      params: { organisation: ORG, invitation: sent.id },
    });
    expect(withdrawn.statusCode).toBe(204);
    const dead = await accept(second);
    expect(dead.statusCode).toBe(400);
    const log = (await audit()).json().items as Array<{ action: string }>;
    expect(log.slice(0, 3).map((e) => e.action)).toEqual([
      'invitation_withdrawn',
      'invitation_resent',
      'invitation_sent',
    ]);
  });

  it('refuses an address with an account, and what is beyond the caller’s reach', async () => {
    const taken = await invite({
      email: 'patient-01@example.com',
      firstName: 'Sam',
      lastName: 'P',
      role: 'therapist',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_in_use');
    // An administrator of another organisation: as if it did not exist.
    const xy = { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'therapist' };
    expect(await inviteStatus(xy, 'otherAdmin')).toBe(404);
    expect((await audit('otherAdmin')).statusCode).toBe(404);
    // A therapist of the organisation who is not a lead.
    expect(await inviteStatus(xy, 'leadTherapist')).toBe(403);
  });

  it('a lead therapist of the organisation invites therapists only', async () => {
    await t.db.updateTable('therapists').set({ is_lead: true }).where('id', '=', 'therapist-1').execute();
    try {
      const ok = await invite(
        { email: 'lead-invited@example.com', firstName: 'Lee', lastName: 'Vite', role: 'therapist' },
        'leadTherapist',
      );
      expect(ok.statusCode).toBe(201);
      const admin = await invite(
        { email: 'lead-admin@example.com', firstName: 'Lee', lastName: 'Admin', role: 'org-admin' },
        'leadTherapist',
      );
      expect(admin.statusCode).toBe(403);
      // Not in another organisation, nor in the child one.
      const yz = { email: 'y@example.com', firstName: 'Y', lastName: 'Z', role: 'therapist' };
      expect(await inviteStatus(yz, 'leadTherapist', 'org-tend-north')).toBe(404);
      // Never the audit log, roles or removal.
      expect((await audit('leadTherapist')).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('therapists').set({ is_lead: false }).where('id', '=', 'therapist-1').execute();
    }
  });
});

describe('roles and removal', () => {
  const setRoles = (userId: string, roles: string[], who = 'admin', org = ORG) =>
    op(who, 'setStaffRoles', { params: { organisation: org, user: userId }, payload: { roles } });

  it('makes a therapist a lead and an administrator, and shows it on the roles list', async () => {
    const changed = await setRoles('therapist-1', ['lead-therapist', 'org-admin']);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles).toEqual(['therapist', 'lead-therapist', 'org-admin']);
    const listed = await op('admin', 'listOrganisationRoles', { params: { organisation: ORG } });
    const held = listed.json().items.find((h: { userId: string }) => h.userId === 'therapist-1');
    expect(held.staffRoles).toEqual(['therapist', 'lead-therapist', 'org-admin']);
    const entry = (await audit()).json().items[0];
    expect(entry).toMatchObject({
      action: 'roles_changed',
      actorName: 'Riley Adams',
      subjectId: 'therapist-1',
      detail: { previousRoles: ['therapist'], roles: ['therapist', 'lead-therapist', 'org-admin'] },
    });
    expect((await setRoles('therapist-1', ['therapist'])).json().roles).toEqual(['therapist']);
  });

  it('will not take the therapist role from someone with patients, nor act beyond reach', async () => {
    const refused = await setRoles('therapist-1', ['org-admin']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.patients).toBe(2);
    expect((await setRoles('therapist-1', ['therapist'], 'otherAdmin')).statusCode).toBe(404);
    expect((await setRoles('therapist-9', ['therapist'])).statusCode).toBe(404); // another organisation's
    expect((await setRoles('admin-1', ['therapist'])).statusCode).toBe(409); // own administrator role
  });

  it('removes a therapist only once each patient is placed', async () => {
    await t.db
      .insertInto('therapists')
      .values(therapistRow('therapist-2', ORG, 'Bea', 'Colleague'))
      .execute();
    const listed = await op('admin', 'listStaffPatients', {
      params: { organisation: ORG, user: 'therapist-1' },
    });
    expect(
      listed
        .json()
        .items.map((p: { patientId: string }) => p.patientId)
        .sort(),
    ).toEqual(['patient-01', 'patient-03']);
    expect(listed.json().therapists.map((p: { userId: string }) => p.userId)).toContain('therapist-2');
    const remove = (placements: object[], who = 'admin') =>
      op(who, 'removeStaffMember', {
        params: { organisation: ORG, user: 'therapist-1' },
        payload: { placements },
      });
    const partial = await remove([{ patientId: 'patient-01', therapistId: null }]);
    expect(partial.statusCode).toBe(409);
    expect(partial.json().details.patients.missing).toEqual(['patient-03']);
    const elsewhere = await remove([
      { patientId: 'patient-01', therapistId: 'therapist-9' },
      { patientId: 'patient-03', therapistId: null },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    expect((await remove([], 'otherAdmin')).statusCode).toBe(404);

    const done = await remove([
      { patientId: 'patient-01', therapistId: 'therapist-2' },
      { patientId: 'patient-03', therapistId: null },
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ userId: 'therapist-1', toTherapists: 1, toIntake: 1 });
    const team = await t.db
      .selectFrom('care_team')
      .selectAll()
      .where('patient_id', 'in', ['patient-01', 'patient-03'])
      .execute();
    expect(team.map((r) => [r.patient_id, r.therapist_id, r.role])).toEqual([
      ['patient-01', 'therapist-2', 'lead'],
    ]);
    expect(
      await t.db.selectFrom('therapists').select('id').where('id', '=', 'therapist-1').executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('user_roles').select('role').where('user_id', '=', 'therapist-1').execute(),
    ).toEqual([]);
    const entry = (await audit()).json().items[0];
    expect(entry).toMatchObject({
      action: 'staff_removed',
      subjectId: 'therapist-1',
      detail: { previousRoles: ['therapist'], toTherapists: 1, toIntake: 1 },
    });
  });

  it('pages the audit log with its cursor', async () => {
    const first = await op('admin', 'listOrganisationAudit', {
      params: { organisation: ORG },
      query: { pageSize: '2' },
    });
    expect(first.json().items).toHaveLength(2);
    expect(first.json().lastPage).toBeTruthy();
    const next = await op('admin', 'listOrganisationAudit', {
      params: { organisation: ORG },
      query: { pageSize: '2', lastPage: first.json().lastPage },
    });
    const ids = [...first.json().items, ...next.json().items].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = await op('admin', 'listOrganisationAudit', {
      params: { organisation: ORG },
      query: { lastPage: 'nonsense' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
