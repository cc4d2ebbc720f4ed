// Intake: the organisation's numbers, the queue (risk first, then the longest wait), placing
// patients with a therapist (all or none, told by alert and e-mail), moving a patient with the reason kept,
// the therapists' load, and who may do it (administrators of the organisation, its lead therapists).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/types.ts';
import { rowsWhere, type TestApp } from '../../../test/helpers.ts';
import { operate } from '../../../test/operate.ts';
import {
  ADMIN_USERS,
  as,
  caller,
  createAdminTestApp,
  expectTwoPages,
  therapistRow,
} from '../organisations/test-support.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
let op: ReturnType<typeof operate>;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

// Waiting patients of Tend Health: w-old (30 days), w-new (1 day), w-risk (2 days, flagged high-risk).
async function fixture() {
  const patient = (id: string, first_name: string, created_at: Date, high_risk = false) => ({
    id,
    organisation_id: 'org-tend-health',
    email: `${id}@example.com`,
    first_name,
    last_name: 'Waiting',
    high_risk,
    created_at,
  });
  await t.db
    .insertInto('patients')
    .values([
      patient('w-old', 'Olive', ago(30)),
      patient('w-new', 'Nia', ago(1)),
      patient('w-risk', 'Ravi', ago(2), true),
    ])
    .execute();
  await t.db
    .insertInto('moments')
    .values(
      ['journal', 'journal', 'checkup', 'phq9'].map((event_type, i) => ({
        id: `m-${i}`,
        patient_id: 'w-old',
        event_type,
        body: JSON.stringify({ text: 'private words' }) as never,
        start_at: ago(3),
        end_at: ago(3),
      })),
    )
    .execute();
  await t.db
    .insertInto('therapists')
    .values(therapistRow('therapist-2', 'org-tend-health', 'Bo', 'Carer'))
    .execute();
}

const USERS: Record<string, AuthUser> = {
  leadOfHealth: { uid: 'therapist-3', email: 't3@example.com', scopes: ['therapist'], roles: ['therapist'] },
  bo: { uid: 'therapist-2', email: 'therapist-2@example.com', scopes: ['therapist'], roles: ['therapist'] },
};
Object.assign(ADMIN_USERS, USERS);

beforeAll(async () => {
  t = await createAdminTestApp();
  call = caller(t);
  op = operate(t);
  await fixture();
});
afterAll(() => t.close());
beforeEach(() => t.mailer.catcher!.clear());

const myIntake = (who: string) => op(who, 'listMyIntakeOrganisations');
const queue = (who = 'admin', org = 'org-tend-health', query = '') =>
  call('listIntakeQueue', { method: 'GET', url: `/organisation/${org}/intake${query}`, headers: as(who) });
const numbers = (who = 'admin', organisation = 'org-tend-health') =>
  op(who, 'getOrganisationNumbers', { params: { organisation } });
const assign = (payload: object, who = 'admin', organisation = 'org-tend-health') =>
  op(who, 'assignIntakePatients', { params: { organisation }, payload });

describe('intake', () => {
  it('lists waiting patients high-risk first, then the longest waiting, with counts of what they logged only', async () => {
    const res = await queue();
    expect(res.res.statusCode).toBe(200);
    expect(res.body.items.map((i: { patientId: string }) => i.patientId)).toEqual([
      'w-risk',
      'w-old',
      'w-new',
    ]);
    expect(res.body.total).toBe(3);
    expect(res.body.items[1]).toMatchObject({
      firstName: 'Olive',
      highRisk: false,
      logged: { moments: 4, journal: 2, checkups: 1, screenings: 1 },
      chatRequested: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('private words');
    // keyset pages
    await expectTwoPages(
      (query) => queue('admin', 'org-tend-health', query),
      'patientId',
      ['w-new'],
      'bm9wZQ',
    );
  });

  it('answers the organisation numbers, the same as the overview and Roles', async () => {
    const res = await numbers();
    expect(res.body).toMatchObject({
      organisationId: 'org-tend-health',
      patients: 5,
      therapists: 2,
      waitingPatients: 3,
      placesUsed: 5,
      placesMax: 500,
      invitationsPending: 0,
      reportsReady: 0,
    });
    expect(new Date(res.body.oldestWaitingSince).getTime()).toBeLessThanOrEqual(ago(29).getTime());
    const health = { params: { organisation: 'org-tend-health' } };
    const merged = await op('admin', 'getOrganisationMerged', health);
    expect(merged.body.subscription.redemptions).toBe(5);
    const roles = await op('admin', 'listOrganisationRoles', health);
    expect(roles.body.patients).toBe(5);
  });

  it('keeps intake to the organisation’s administrators and lead therapists', async () => {
    expect((await queue('otherAdmin')).res.statusCode).toBe(404);
    expect((await queue('northAdmin')).res.statusCode).toBe(404);
    expect((await queue('therapist')).res.statusCode).toBe(404);
    expect((await queue('patient')).res.statusCode).toBe(403);
    expect((await numbers('therapist')).res.statusCode).toBe(403);
    expect(
      (await assign({ therapistId: 'therapist-2', patientIds: ['w-new'] }, 'leadOfHealth')).res.statusCode,
    ).toBe(404);
    // made a lead therapist of Tend Health (the staff page's lead role: therapists.is_lead), a therapist may
    // run its intake, and only its own
    const before = await t.db
      .selectFrom('therapists')
      .select(['organisation_id', 'is_lead'])
      .where('id', '=', 'therapist-3')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('therapists')
      .set({ organisation_id: 'org-tend-health', is_lead: true })
      .where('id', '=', 'therapist-3')
      .execute();
    expect((await queue('leadOfHealth')).res.statusCode).toBe(200);
    expect((await queue('leadOfHealth', 'org-elsewhere')).res.statusCode).toBe(404);
    // The console asks which organisations' intake it runs: its own first, then those below it, by name.
    const mine = await myIntake('leadOfHealth');
    expect(mine.res.statusCode).toBe(200);
    expect(mine.body.items[0]).toEqual({ organisationId: 'org-tend-health', name: 'Tend Health' });
    expect(mine.body.items.map((o: { organisationId: string }) => o.organisationId)).toContain(
      'org-tend-north',
    );
    expect(mine.body.items.map((o: { organisationId: string }) => o.organisationId)).not.toContain(
      'org-elsewhere',
    );
    await t.db.updateTable('therapists').set({ is_lead: false }).where('id', '=', 'therapist-3').execute();
    expect((await queue('leadOfHealth')).res.statusCode).toBe(404);
    expect((await myIntake('leadOfHealth')).body).toEqual({ items: [] });
    expect((await myIntake('therapist')).body).toEqual({ items: [] });
    expect((await myIntake('patient')).res.statusCode).toBe(403);
    await t.db
      .updateTable('therapists')
      .set({ organisation_id: before.organisation_id, is_lead: before.is_lead })
      .where('id', '=', 'therapist-3')
      .execute();
  });

  it('places patients with a therapist, all or none, and tells the therapist and each patient', async () => {
    // a patient of another organisation, or one already cared for, refuses the whole request
    const foreign = await assign({ therapistId: 'therapist-2', patientIds: ['w-new', 'patient-99'] });
    expect(foreign.res.statusCode).toBe(404);
    const taken = await assign({ therapistId: 'therapist-2', patientIds: ['w-new', 'patient-01'] });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body).toMatchObject({ code: 'already_taken_on', details: { patientIds: ['patient-01'] } });
    const elsewhere = await assign({ therapistId: 'therapist-9', patientIds: ['w-new'] });
    expect(elsewhere.res.statusCode).toBe(400);
    expect((await queue()).body.total).toBe(3);

    const res = await assign({ therapistId: 'therapist-2', patientIds: ['w-new', 'w-risk'] });
    expect(res.res.statusCode).toBe(200);
    expect(res.body.assignments).toHaveLength(2);
    // Each placement is in the organisation's audit log, with who placed whom with whom.
    const audit = await rowsWhere(t.db, 'organisation_audit', {
      organisation_id: 'org-tend-health',
      action: 'patient_placed',
    });
    expect(audit.map((a) => a.subject_id).sort()).toEqual(['w-new', 'w-risk']);
    expect(audit[0]!.actor_id).toBeTruthy();
    expect(audit[0]!.detail).toMatchObject({ therapistId: 'therapist-2' });
    expect(res.body.assignments[0]).toMatchObject({ therapistId: 'therapist-2', previousTherapistId: null });
    const team = await rowsWhere(t.db, 'care_team', { therapist_id: 'therapist-2' });
    expect(team.map((r) => [r.patient_id, r.role]).sort()).toEqual([
      ['w-new', 'lead'],
      ['w-risk', 'lead'],
    ]);
    const placed = await rowsWhere(t.db, 'therapist_notifications', {
      therapist_id: 'therapist-2',
      kind: 'placed',
    });
    expect(placed).toHaveLength(2);
    await expect.poll(() => t.mailer.catcher!.list('therapist-2@example.com')).toHaveLength(1);
    expect(t.mailer.catcher!.list('therapist-2@example.com')[0]!.subject).toContain('2 patients');
    await expect.poll(() => t.mailer.catcher!.list('w-new@example.com')).toHaveLength(1);
    expect(t.mailer.catcher!.list('w-new@example.com')[0]!.text).toContain('Bo Carer');
    expect((await queue()).body.items.map((i: { patientId: string }) => i.patientId)).toEqual(['w-old']);
    expect((await numbers()).body).toMatchObject({ waitingPatients: 1, patients: 5, placesUsed: 5 });
    // again: already taken on
    expect((await assign({ therapistId: 'therapist-2', patientIds: ['w-new'] })).res.statusCode).toBe(409);
  });

  it('moves a patient to another therapist and keeps the reason', async () => {
    const move = (payload: object, patient = 'w-new', who = 'admin') =>
      op(who, 'reassignPatient', { params: { organisation: 'org-tend-health', patient }, payload });
    expect((await move({ therapistId: 'therapist-1', reason: 'x' }, 'w-old')).res.statusCode).toBe(409);
    expect((await move({ therapistId: 'therapist-2', reason: 'x' })).res.statusCode).toBe(409);
    expect((await move({ therapistId: 'therapist-1', reason: '   ' })).res.statusCode).toBe(400);
    expect(
      (await move({ therapistId: 'therapist-1', reason: 'x' }, 'w-new', 'otherAdmin')).res.statusCode,
    ).toBe(404);
    const res = await move({ therapistId: 'therapist-1', reason: 'Closer to their working hours' });
    expect(res.res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      patientId: 'w-new',
      therapistId: 'therapist-1',
      previousTherapistId: 'therapist-2',
      reason: 'Closer to their working hours',
    });
    // The new therapist and the patient are told, and so is the therapist the patient left (no name).
    await expect.poll(() => t.mailer.catcher!.list('w-new@example.com')).toHaveLength(1);
    await expect.poll(() => t.mailer.catcher!.list('therapist-2@example.com')).toHaveLength(1);
    const left = t.mailer.catcher!.list('therapist-2@example.com')[0]!;
    expect(left.subject).toBe('Tend: a patient of yours has moved to another therapist');
    expect(left.text).not.toContain('Nia');
    const team = await rowsWhere(t.db, 'care_team', { patient_id: 'w-new' });
    expect(team.map((r) => [r.therapist_id, r.role])).toEqual([['therapist-1', 'lead']]);
    const history = await rowsWhere(t.db, 'care_assignments', { patient_id: 'w-new' }, 'created_at');
    expect(history.map((h) => [h.therapist_id, h.handed_over_by, h.reason, h.actor_id])).toEqual([
      ['therapist-2', null, null, 'admin-1'],
      ['therapist-1', 'therapist-2', 'Closer to their working hours', 'admin-1'],
    ]);
    const moved = await t.db
      .selectFrom('organisation_audit')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'patient_reassigned')
      .where('subject_id', '=', 'w-new')
      .executeTakeFirstOrThrow();
    expect(moved.actor_id).toBe('admin-1');
    expect(moved.detail).toMatchObject({
      therapistId: 'therapist-1',
      previousTherapistId: 'therapist-2',
      reason: 'Closer to their working hours',
    });
  });

  it('shows each therapist’s load', async () => {
    await t.db
      .insertInto('chat_sessions')
      .values({
        id: 'chat-1',
        patient_id: 'w-risk',
        therapist_id: null,
        status: 'requested',
        emergency: false,
        transport: null,
      })
      .execute();
    const res = await op('admin', 'listTherapistLoad', { params: { organisation: 'org-tend-health' } });
    expect(res.res.statusCode).toBe(200);
    const bo = res.body.items.find((i: { therapistId: string }) => i.therapistId === 'therapist-2');
    expect(bo).toMatchObject({ patients: 1, highRiskPatients: 1, openAlerts: 0, waitingChatRequests: 1 });
    const alex = res.body.items.find((i: { therapistId: string }) => i.therapistId === 'therapist-1');
    expect(alex).toMatchObject({ patients: 3, highRiskPatients: 0 });
    // north's load lists its own therapist and those above it, never another organisation's
    const north = await op('northAdmin', 'listTherapistLoad', { params: { organisation: 'org-tend-north' } });
    expect(north.body.items.map((i: { therapistId: string }) => i.therapistId).sort()).toEqual([
      'therapist-1',
      'therapist-2',
      'therapist-3',
    ]);
  });

  it('alerts the therapist in the console until they dismiss it, and only them', async () => {
    const list = (who: string) => op(who, 'listMyPlacements');
    const mine = await list('bo');
    expect(mine.res.statusCode).toBe(200);
    // w-new and w-risk placed from the queue (w-new since moved away, its first alert still unread)
    expect(mine.body.items.map((i: { patientId: string }) => i.patientId).sort()).toEqual([
      'w-new',
      'w-risk',
    ]);
    expect(mine.body.items[0]).toMatchObject({ reassigned: false, lastName: 'Waiting' });
    const alex = await list('therapist');
    expect(alex.body.items).toEqual([
      expect.objectContaining({ patientId: 'w-new', reassigned: true, firstName: 'Nia' }),
    ]);
    const id = mine.body.items[0].noticeId as string;
    const dismiss = (who: string, notice = id) =>
      op(who, 'dismissPlacement', { params: { noticeId: notice } });
    expect((await dismiss('therapist')).res.statusCode).toBe(404);
    expect((await dismiss('admin')).res.statusCode).toBe(403);
    expect((await dismiss('bo')).res.statusCode).toBe(204);
    expect((await dismiss('bo')).res.statusCode).toBe(204);
    expect((await list('bo')).body.items).toHaveLength(1);
    expect((await dismiss('bo', '00000000-0000-4000-8000-000000000000')).res.statusCode).toBe(404);
  });
});
