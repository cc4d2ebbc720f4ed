import { describe, expect, it } from 'vitest';
import {
  PATIENT_A,
  PATIENT_B,
  addCheckup,
  careTeamOf,
  flagInPatientRisk,
  careTestApp,
} from '../patients/care-test-app.ts';
import { rowsWhere } from '../../../test/helpers.ts';

const { t, op } = careTestApp();

describe('assigned patients', () => {
  const list = (user: string | null, query: Record<string, string> = {}) =>
    op(user, 'listAssignedPatients', { query });

  it('lists the caller’s patients, high-risk first, then by latest activity, paged by skip and limit', async () => {
    // therapist-1 leads patients 01, 03, 05, 07, 09, 11 and is invited to patient-06.
    const now = Date.now();
    await addCheckup(op, 'patient', 'ap-1', now - 5000);
    await addCheckup(op, 'patient2', 'ap-2', now - 9000);
    await t.db
      .updateTable('moments')
      .set({ updated_at: new Date(now - 60_000) })
      .where('id', '=', 'ap-1')
      .execute();
    await t.db
      .updateTable('moments')
      .set({ updated_at: new Date(now) })
      .where('id', '=', 'ap-2')
      .execute();
    await flagInPatientRisk(t.db, ['patient-09'], 'Raised by a colleague.');

    const all = await list('therapist', { limit: '100' });
    expect(all.res.statusCode).toBe(200);
    const ids = all.body.items.map((p: { patientId: string }) => p.patientId);
    expect(ids.slice(0, 3)).toEqual(['patient-09', PATIENT_B, PATIENT_A]);
    expect(all.body.total).toBe(ids.length);
    expect(new Set(ids)).toEqual(
      new Set([
        'patient-01',
        'patient-03',
        'patient-05',
        'patient-06',
        'patient-07',
        'patient-09',
        'patient-11',
      ]),
    );
    const first = all.body.items[0];
    expect(first.risk).toMatchObject({ highRisk: true, reason: 'Raised by a colleague.' });
    expect(all.body.items.find((p: { patientId: string }) => p.patientId === 'patient-06').isLead).toBe(
      false,
    );
    expect(all.body.items.find((p: { patientId: string }) => p.patientId === PATIENT_A).isLead).toBe(true);

    const page = await list('therapist', { skip: '1', limit: '2' });
    expect(page.body).toMatchObject({ skip: 1, limit: 2, total: ids.length });
    expect(page.body.items.map((p: { patientId: string }) => p.patientId)).toEqual(ids.slice(1, 3));
    const mine = await list('therapist3');
    expect(mine.body.items.every((p: { patientId: string }) => Number(p.patientId.slice(-2)) >= 13)).toBe(
      true,
    );
  });

  it('refuses patients, admins and bad paging', async () => {
    expect((await list('patient')).res.statusCode).toBe(403);
    expect((await list('admin')).res.statusCode).toBe(403);
    expect((await list(null)).res.statusCode).toBe(401);
    expect((await list('therapist', { skip: '-1' })).res.statusCode).toBe(400);
    expect((await list('therapist', { limit: '101' })).res.statusCode).toBe(400);
  });
});

describe('high-risk flag', () => {
  const put = (patientId: string, user: string, payload: Record<string, unknown>) =>
    op(user, 'setPatientHighRisk', { params: { patientId }, payload });

  it('an assigned therapist sets and clears it with a reason, recorded with who and when', async () => {
    const set = await put(PATIENT_A, 'therapist2', {
      highRisk: true,
      reason: 'Disclosed a plan in session.',
    });
    expect(set.res.statusCode).toBe(200);
    expect(set.body).toMatchObject({
      patientId: PATIENT_A,
      risk: { highRisk: true, reason: 'Disclosed a plan in session.' },
    });
    expect(Date.parse(set.body.risk.flaggedAt)).toBeGreaterThan(Date.now() - 60_000);
    const flag = await t.db
      .selectFrom('patient_risk')
      .selectAll()
      .where('patient_id', '=', PATIENT_A)
      .executeTakeFirstOrThrow();
    expect(flag).toMatchObject({ flagged_by: 'therapist-2', source: 'therapist' });
    const cleared = await put(PATIENT_A, 'therapist', { highRisk: false, reason: 'Safety plan in place.' });
    expect(cleared.body.risk).toMatchObject({ highRisk: false, flaggedAt: null });
    expect(await rowsWhere(t.db, 'risk_events', { patient_id: PATIENT_A }, 'created_at')).toMatchObject([
      { high_risk: true, actor_id: 'therapist-2' },
      { high_risk: false, actor_id: 'therapist-1' },
    ]);
  });

  it('is refused to unassigned therapists and patients, and bad bodies', async () => {
    expect((await put(PATIENT_B, 'therapist2', { highRisk: true })).res.statusCode).toBe(403);
    expect((await put(PATIENT_A, 'therapist3', { highRisk: true })).res.statusCode).toBe(403);
    expect((await put(PATIENT_A, 'patient', { highRisk: true })).res.statusCode).toBe(403);
    expect((await put(PATIENT_A, 'therapist', { reason: 'x' })).res.statusCode).toBe(400);
    expect((await put(PATIENT_A, 'therapist', { highRisk: 'yes' })).res.statusCode).toBe(400);
    expect(
      (await put(PATIENT_A, 'therapist', { highRisk: true, reason: 'x'.repeat(501) })).res.statusCode,
    ).toBe(400);
  });
});

describe('is-lead and discharge', () => {
  const isLead = (patientId: string, user: string) => op(user, 'isLeadTherapist', { params: { patientId } });
  const discharge = (patientId: string, user: string) =>
    op(user, 'dischargePatient', { params: { patientId } });

  it('answers whether the caller leads an assigned patient', async () => {
    expect((await isLead(PATIENT_A, 'therapist')).body).toEqual({ isLead: true });
    expect((await isLead(PATIENT_A, 'therapist2')).body).toEqual({ isLead: false });
    expect((await isLead(PATIENT_B, 'therapist2')).res.statusCode).toBe(403);
    expect((await isLead(PATIENT_A, 'patient')).res.statusCode).toBe(403);
  });

  it('a discharging lead hands lead to the other therapist; the patient’s data stays', async () => {
    await t.db
      .insertInto('data_sharing_consents')
      .values({
        patient_id: PATIENT_A,
        therapist_id: 'therapist-1',
        consented_at: new Date(),
        revoked_at: null,
      })
      .execute();
    await addCheckup(op, 'patient', 'dc-1', 1000);
    expect((await discharge(PATIENT_A, 'therapist')).res.statusCode).toBe(204);
    expect((await isLead(PATIENT_A, 'therapist')).res.statusCode).toBe(403);
    expect((await isLead(PATIENT_A, 'therapist2')).body).toEqual({ isLead: true });
    expect(
      (await op('therapist', 'listPatientMoments', { params: { patientId: PATIENT_A } })).res.statusCode,
    ).toBe(403);
    expect(await rowsWhere(t.db, 'moments', { id: 'dc-1' })).toHaveLength(1);
    expect(await rowsWhere(t.db, 'care_events', { patient_id: PATIENT_A }, 'created_at')).toMatchObject([
      { therapist_id: 'therapist-1', event: 'discharged' },
      { therapist_id: 'therapist-2', event: 'lead-transferred' },
    ]);
    const [consent] = await rowsWhere(t.db, 'data_sharing_consents', {
      patient_id: PATIENT_A,
      therapist_id: 'therapist-1',
    });
    expect(consent!.revoked_at).not.toBeNull();
    // Not (any more) assigned: 403.
    expect((await discharge(PATIENT_A, 'therapist')).res.statusCode).toBe(403);
    expect((await discharge(PATIENT_B, 'therapist3')).res.statusCode).toBe(403);
    expect((await discharge(PATIENT_B, 'patient2')).res.statusCode).toBe(403);
  });
});

describe('profile, timezone and availability', () => {
  it('answers and updates the caller’s details, biography and name', async () => {
    const me = await op('therapist', 'getMyTherapistDetails');
    expect(me.body).toMatchObject({
      therapistId: 'therapist-1',
      email: 'therapist@example.com',
      firstName: 'Alex',
      lastName: 'Morgan',
      timezone: 'Europe/London',
      organisationIds: ['org-tend-health'],
    });
    const bio = await op('therapist', 'updateBiography', {
      payload: { biography: '<b>CBT</b> for anxiety.' },
    });
    expect(bio.body.biography).toBe('<b>CBT</b> for anxiety.');
    const cleared = await op('therapist', 'updateBiography', { payload: { biography: '' } });
    expect(cleared.body.biography).toBeNull();
    expect(
      (await op('therapist', 'updateBiography', { payload: { biography: 'x'.repeat(2001) } })).res.statusCode,
    ).toBe(400);
    const named = await op('therapist', 'updateTherapistName', {
      payload: { firstName: ' Alexandra ', lastName: 'Morgan' },
    });
    expect(named.body).toMatchObject({ firstName: 'Alexandra', lastName: 'Morgan' });
    const blank = await op('therapist', 'updateTherapistName', {
      payload: { firstName: '  ', lastName: 'Morgan' },
    });
    expect(blank.res.statusCode).toBe(400);
    expect(blank.body.details.fields).toEqual({ firstName: "can't be blank" });
    for (const [operationId, payload] of [
      ['getMyTherapistDetails', undefined],
      ['updateBiography', { biography: 'x' }],
      ['updateTherapistName', { firstName: 'a', lastName: 'b' }],
    ] as const) {
      expect(await op.status('patient', operationId, { payload }), operationId).toBe(403);
    }
  });

  it('keeps an IANA timezone and lists the supported ones', async () => {
    const zones = await op('patient', 'getTimezones');
    expect(zones.body.timezones).toContain('Europe/London');
    expect(zones.body.timezones).toContain('America/New_York');
    expect([...zones.body.timezones].sort()).toEqual(zones.body.timezones);
    expect((await op(null, 'getTimezones')).res.statusCode).toBe(401);
    const set = await op('therapist', 'updateMyTimezone', { payload: { timezone: 'Asia/Tokyo' } });
    expect(set.body).toEqual({ timezone: 'Asia/Tokyo' });
    expect((await op('therapist', 'getMyTimezone')).body).toEqual({ timezone: 'Asia/Tokyo' });
    const bad = await op('therapist', 'updateMyTimezone', { payload: { timezone: 'Mars/Olympus_Mons' } });
    expect(bad.res.statusCode).toBe(400);
    expect((await op('patient', 'getMyTimezone')).res.statusCode).toBe(403);
    expect((await op('patient', 'updateMyTimezone', { payload: { timezone: 'UTC' } })).res.statusCode).toBe(
      403,
    );
  });

  it('creates, lists, updates and deletes availability slots, refusing overlaps (409)', async () => {
    const create = (payload: Record<string, unknown>, user = 'therapist2') =>
      op(user, 'createAvailabilitySlot', { payload });
    const a = await create({ dayOfWeek: 2, start: '09:00', end: '12:00' });
    expect(a.res.statusCode).toBe(201);
    expect(a.body).toMatchObject({ dayOfWeek: 2, start: '09:00', end: '12:00' });
    const b = await create({ dayOfWeek: 2, start: '12:00', end: '24:00' });
    expect(b.res.statusCode).toBe(201);
    const c = await create({ dayOfWeek: 1, start: '10:00', end: '11:00' });
    const overlap = await create({ dayOfWeek: 2, start: '11:30', end: '13:00' });
    expect(overlap.res.statusCode).toBe(409);
    expect(overlap.body.code).toBe('overlap');
    expect((await create({ dayOfWeek: 2, start: '10:00', end: '10:00' })).res.statusCode).toBe(400);
    expect((await create({ dayOfWeek: 8, start: '10:00', end: '11:00' })).res.statusCode).toBe(400);
    expect((await create({ dayOfWeek: 3, start: '9:00', end: '11:00' })).res.statusCode).toBe(400);
    // Another therapist's slots never clash with mine.
    expect((await create({ dayOfWeek: 2, start: '09:00', end: '12:00' }, 'therapist')).res.statusCode).toBe(
      201,
    );

    const listed = await op('therapist2', 'listMyAvailability');
    expect(listed.body.timezone).toBe('Europe/Dublin');
    expect(listed.body.slots.map((s: { id: string }) => s.id)).toEqual([c.body.id, a.body.id, b.body.id]);

    const update = (payload: Record<string, unknown>, user = 'therapist2') =>
      op(user, 'updateAvailabilitySlot', { payload });
    const moved = await update({ id: a.body.id, dayOfWeek: 2, start: '08:00', end: '11:00' });
    expect(moved.body).toEqual({ id: a.body.id, dayOfWeek: 2, start: '08:00', end: '11:00' });
    expect((await update({ id: a.body.id, dayOfWeek: 2, start: '08:00', end: '12:30' })).res.statusCode).toBe(
      409,
    );
    expect((await update({ id: 'nope', dayOfWeek: 2, start: '08:00', end: '09:00' })).res.statusCode).toBe(
      404,
    );
    expect(
      (await update({ id: a.body.id, dayOfWeek: 2, start: '08:00', end: '09:00' }, 'therapist')).res
        .statusCode,
    ).toBe(404);

    const del = (slotId: string, user = 'therapist2') =>
      op(user, 'deleteAvailabilitySlot', { query: { slotId } });
    expect((await del(c.body.id, 'therapist')).res.statusCode).toBe(404);
    expect((await del(c.body.id)).res.statusCode).toBe(204);
    expect((await del(c.body.id)).res.statusCode).toBe(404);
    expect((await op('therapist2', 'deleteAvailabilitySlot')).res.statusCode).toBe(400);
    expect((await op('patient', 'listMyAvailability')).res.statusCode).toBe(403);
    expect((await create({ dayOfWeek: 1, start: '10:00', end: '11:00' }, 'patient')).res.statusCode).toBe(
      403,
    );
  });

  it('shows a therapist’s profile to their patients, colleagues and their organisation’s admins only', async () => {
    const profile = (therapist: string, user: string | null) =>
      op(user, 'getTherapistProfile', { params: { therapist } });
    const seen = await profile('therapist-2', 'patient');
    expect(seen.res.statusCode).toBe(200);
    expect(seen.body).toMatchObject({
      therapistId: 'therapist-2',
      firstName: 'Priya',
      lastName: 'Shah',
      timezone: 'Europe/Dublin',
    });
    expect(seen.body.availability.length).toBeGreaterThan(0);
    for (const user of ['therapist', 'therapist2', 'admin'])
      expect((await profile('therapist-2', user)).res.statusCode).toBe(200);
    expect((await profile('therapist-3', 'admin')).res.statusCode).toBe(200);
    for (const user of ['patient2', 'therapist3', 'otherAdmin'])
      expect((await profile('therapist-2', user)).res.statusCode).toBe(403);
    expect((await profile('nobody', 'admin')).res.statusCode).toBe(403);
    expect((await profile('therapist-2', 'dataExport')).res.statusCode).toBe(403);
    expect((await profile('therapist-2', null)).res.statusCode).toBe(401);
  });
});

describe('taking on a patient by their access code', () => {
  const redeem = (user: string | null, accessCode: unknown) =>
    op(user, 'redeemPatientAccessCode', { payload: { accessCode } as object });
  const codeOf = async (patient: string) => {
    const { body } = await op(patient, 'getAccessCode');
    return body.code as string;
  };

  it('adds the therapist to the care team (invited when there is a lead), once', async () => {
    const code = await codeOf('patient2');
    const { res, body } = await redeem('therapist2', code.toLowerCase().replace(/^(.{4})/, '$1-'));
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ patientId: PATIENT_B, firstName: 'Maya', lastName: 'Patel', isLead: false });
    expect(await careTeamOf(t.db, PATIENT_B)).toEqual([
      { therapist_id: 'therapist-1', role: 'lead' },
      { therapist_id: 'therapist-2', role: 'invited' },
    ]);
    const again = await redeem('therapist2', code);
    expect(again.res.statusCode).toBe(200);
    expect(await careTeamOf(t.db, PATIENT_B)).toHaveLength(2);
    // The patient now sees the new therapist in their care team.
    const mine = await op('patient2', 'listMyTherapists');
    expect(mine.body.items.map((x: { therapistId: string }) => x.therapistId)).toContain('therapist-2');
  });

  it('makes the therapist lead when the patient has none', async () => {
    await t.db.deleteFrom('care_team').where('patient_id', '=', PATIENT_A).execute();
    const { res, body } = await redeem('therapist2', await codeOf('patient'));
    expect(res.statusCode).toBe(200);
    expect(body.isLead).toBe(true);
  });

  it('answers 404 invalid_access_code for an unknown or expired code and outside the therapist’s organisation tree', async () => {
    const unknown = await redeem('therapist', 'ZZZZZZZZ');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.code).toBe('invalid_access_code');
    const code = await codeOf('patient2');
    // therapist-3 works for the child organisation; patient-03 belongs to the root.
    expect((await redeem('therapist3', code)).body.code).toBe('invalid_access_code');
    await t.db
      .updateTable('patient_access_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('patient_id', '=', PATIENT_B)
      .execute();
    expect((await redeem('therapist2', code)).res.statusCode).toBe(404);
  });

  it('is for therapists only, and refuses bad input with 400', async () => {
    expect((await redeem('patient', 'ABCDEFGH')).res.statusCode).toBe(403);
    expect((await redeem('admin', 'ABCDEFGH')).res.statusCode).toBe(403);
    expect((await redeem(null, 'ABCDEFGH')).res.statusCode).toBe(401);
    for (const bad of ['', 'short', 'ABC<DEFGH', 12345678, 'x'.repeat(30)])
      expect((await redeem('therapist', bad)).res.statusCode, String(bad)).toBe(400);
  });
});
