import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { PATIENT_A, PATIENT_B, as, caller, createCareTestApp, DAY } from '../patients/care-test-app.ts';
import { patientIdForAccessCode } from '../patients/service.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
});
afterAll(() => t.close());

describe('the patient’s therapists', () => {
  it('lists the caller’s care team, lead first', async () => {
    const { res, body } = await call('listMyTherapists', {
      method: 'GET',
      url: '/patient/therapists',
      headers: as('patient'),
    });
    expect(res.statusCode).toBe(200);
    expect(
      body.items.map((x: { therapistId: string; isLead: boolean; role: string }) => [
        x.therapistId,
        x.isLead,
        x.role,
      ]),
    ).toEqual([
      ['therapist-1', true, 'lead'],
      ['therapist-2', false, 'invited'],
    ]);
    expect(body.items[0]).toMatchObject({ firstName: 'Alex', lastName: 'Morgan', timezone: 'Europe/London' });
    const b = await call('listMyTherapists', {
      method: 'GET',
      url: '/patient/therapists',
      headers: as('patient2'),
    });
    expect(b.body.items.map((x: { therapistId: string }) => x.therapistId)).toEqual(['therapist-1']);
  });

  it('is for patients only', async () => {
    expect(
      (
        await call('listMyTherapists', {
          method: 'GET',
          url: '/patient/therapists',
          headers: as('therapist'),
        })
      ).res.statusCode,
    ).toBe(403);
    expect(
      (await call('listMyTherapists', { method: 'GET', url: '/patient/therapists', headers: as(null) })).res
        .statusCode,
    ).toBe(401);
  });
});

describe('access code', () => {
  it('gives an 8-character code valid for 24 hours, the same while valid, a new one after expiry', async () => {
    const first = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient'),
    });
    expect(first.body.code).toMatch(/^[A-Z0-9]{8}$/);
    const ttl = Date.parse(first.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);
    const again = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient'),
    });
    expect(again.body.code).toBe(first.body.code);
    const other = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient2'),
    });
    expect(other.body.code).not.toBe(first.body.code);
    await t.db
      .updateTable('patient_access_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('patient_id', '=', PATIENT_A)
      .execute();
    const renewed = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient'),
    });
    expect(renewed.body.code).not.toBe(first.body.code);
    const rows = await t.db
      .selectFrom('patient_access_codes')
      .select('code')
      .where('patient_id', '=', PATIENT_A)
      .execute();
    expect(rows.map((r) => r.code)).toEqual([renewed.body.code]);
    // A therapist's lookup finds the patient by the current code only.
    expect(await patientIdForAccessCode(t.db, renewed.body.code.toLowerCase())).toBe(PATIENT_A);
    expect(await patientIdForAccessCode(t.db, first.body.code)).toBeNull();
  });

  it('renews the code at once on request: the old one stops working, reading it again answers the new one', async () => {
    const current = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient'),
    });
    const renewed = await call('renewAccessCode', {
      method: 'POST',
      url: '/patient/access-code/renew',
      headers: as('patient'),
    });
    expect(renewed.res.statusCode).toBe(200);
    expect(renewed.body.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(renewed.body.code).not.toBe(current.body.code);
    expect(Date.parse(renewed.body.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await patientIdForAccessCode(t.db, current.body.code)).toBeNull();
    expect(await patientIdForAccessCode(t.db, renewed.body.code)).toBe(PATIENT_A);
    const read = await call('getAccessCode', {
      method: 'GET',
      url: '/patient/get-access-code',
      headers: as('patient'),
    });
    expect(read.body.code).toBe(renewed.body.code);
    expect(
      (
        await call('renewAccessCode', {
          method: 'POST',
          url: '/patient/access-code/renew',
          headers: as('therapist'),
        })
      ).res.statusCode,
    ).toBe(403);
  });

  it('is for patients only', async () => {
    expect(
      (
        await call('getAccessCode', {
          method: 'GET',
          url: '/patient/get-access-code',
          headers: as('therapist'),
        })
      ).res.statusCode,
    ).toBe(403);
  });
});

describe('notify scores', () => {
  const notify = (query: string, user = 'patient2') =>
    call('notifyScores', { method: 'POST', url: `/patient/notify${query}`, headers: as(user) });

  it('tells the care team; a mild score does not flag', async () => {
    const { body } = await notify('?phqScore=7&gadScore=4');
    expect(body).toEqual({ notifiedTherapists: 1, highRisk: false });
    const rows = await t.db
      .selectFrom('therapist_notifications')
      .select(['therapist_id', 'payload'])
      .where('patient_id', '=', PATIENT_B)
      .where('kind', '=', 'scores')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      therapist_id: 'therapist-1',
      payload: { phq9: { total: 7, severity: 'mild' }, gad7: { total: 4, severity: 'minimal' } },
    });
  });

  it('flags high-risk for a severe PHQ-9 (≥ 20) or GAD-7 (≥ 15), with reason and time', async () => {
    expect((await notify('?phqScore=19')).body.highRisk).toBe(false);
    expect((await notify('?gadScore=15')).body).toEqual({ notifiedTherapists: 1, highRisk: true });
    const flag = await t.db
      .selectFrom('patient_risk')
      .selectAll()
      .where('patient_id', '=', PATIENT_B)
      .executeTakeFirstOrThrow();
    expect(flag).toMatchObject({ high_risk: true, source: 'notify', reason: 'GAD-7 total 15 (severe).' });
    expect(flag.flagged_at).toBeTruthy();
    expect((await notify('?phqScore=20', 'patient')).body).toEqual({ notifiedTherapists: 2, highRisk: true });
  });

  it('refuses out-of-range or missing scores (400) and non-patients (403)', async () => {
    expect((await notify('?phqScore=28')).res.statusCode).toBe(400);
    expect((await notify('?gadScore=22')).res.statusCode).toBe(400);
    expect((await notify('?gadScore=-1')).res.statusCode).toBe(400);
    expect((await notify('')).res.statusCode).toBe(400);
    expect((await notify('?phqScore=3', 'therapist')).res.statusCode).toBe(403);
  });
});

describe('graph', () => {
  const base = Date.UTC(2026, 8, 1);
  beforeAll(async () => {
    const add = (m: Record<string, unknown>) =>
      call('addMoment', {
        method: 'POST',
        url: `/moments/add?eventType=${String(m.eventType)}`,
        headers: as('patient'),
        payload: m,
      });
    await add({
      momentId: 'g-phq',
      eventType: 'phq9',
      start: base + 1000,
      end: base + 2000,
      body: { items: [1, 1, 1, 1, 1, 1, 0, 0, 0], total: 6, severity: 'mild' },
    });
    await add({
      momentId: 'g-gad',
      eventType: 'gad7',
      start: base + 3000,
      end: base + 4000,
      body: { items: [2, 2, 2, 2, 2, 0, 0], total: 10, severity: 'moderate' },
    });
    await add({
      momentId: 'g-c1',
      eventType: 'checkup',
      start: base + DAY,
      end: base + DAY + 1,
      body: { mood: 2, sleep: 1, energy: 2, anxiety: 5 },
    });
    await add({
      momentId: 'g-c2',
      eventType: 'checkup',
      start: base + 2 * DAY,
      end: base + 2 * DAY + 1,
      body: { mood: 4 },
    });
    await add({
      momentId: 'g-a1',
      eventType: 'activity',
      start: base + DAY + 10,
      end: base + DAY + 600_010,
      body: { activityId: 'walk', durationSeconds: 600 },
    });
    await add({
      momentId: 'g-a2',
      eventType: 'activity',
      start: base + DAY + 20,
      end: base + DAY + 20,
      body: { activityId: 'yoga', durationSeconds: 1800 },
    });
    await add({
      momentId: 'g-out',
      eventType: 'checkup',
      start: base + 10 * DAY,
      end: base + 10 * DAY,
      body: { mood: 5 },
    });
  });

  it('answers the series the charts need in [startFrom, endAt)', async () => {
    const { body } = await call('getMyGraph', {
      method: 'GET',
      url: `/patient/data/graph?startFrom=${base}&endAt=${base + 10 * DAY}`,
      headers: as('patient'),
    });
    expect(body.series).toEqual({
      phq9: [{ t: base + 1000, value: 6, item9: 0, items: [1, 1, 1, 1, 1, 1, 0, 0, 0] }],
      gad7: [{ t: base + 3000, value: 10, items: [2, 2, 2, 2, 2, 0, 0] }],
      mood: [
        { t: base + DAY, value: 2 },
        { t: base + 2 * DAY, value: 4 },
      ],
      // Each measure only where the check-up recorded it (the second recorded mood alone).
      sleep: [{ t: base + DAY, value: 1 }],
      energy: [{ t: base + DAY, value: 2 }],
      anxiety: [{ t: base + DAY, value: 5 }],
      activityMinutes: [{ t: base + DAY, value: 40 }],
    });
    const empty = await call('getMyGraph', {
      method: 'GET',
      url: `/patient/data/graph?startFrom=${base}&endAt=${base + 10 * DAY}`,
      headers: as('patient2'),
    });
    expect(empty.body.series.mood).toEqual([]);
  });

  it('refuses a missing or empty window (400) and non-patients (403)', async () => {
    expect(
      (
        await call('getMyGraph', {
          method: 'GET',
          url: `/patient/data/graph?startFrom=${base}`,
          headers: as('patient'),
        })
      ).res.statusCode,
    ).toBe(400);
    expect(
      (
        await call('getMyGraph', {
          method: 'GET',
          url: `/patient/data/graph?startFrom=${base}&endAt=${base}`,
          headers: as('patient'),
        })
      ).res.statusCode,
    ).toBe(400);
    expect(
      (
        await call('getMyGraph', {
          method: 'GET',
          url: `/patient/data/graph?startFrom=0&endAt=1`,
          headers: as('therapist'),
        })
      ).res.statusCode,
    ).toBe(403);
  });
});
