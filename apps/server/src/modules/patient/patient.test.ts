import { beforeAll, describe, expect, it } from 'vitest';
import { rowsWhere } from '../../../test/helpers.ts';
import { operate } from '../../../test/operate.ts';
import { PATIENT_A, PATIENT_B, as, caller, useCareTestApp, DAY } from '../patients/care-test-app.ts';
import { patientIdForAccessCode } from '../patients/service.ts';

const t = useCareTestApp();
const call = caller(t);
const op = operate(t);

describe('the patient’s therapists', () => {
  it('lists the caller’s care team, lead first', async () => {
    const { res, body } = await op('patient', 'listMyTherapists');
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
    const b = await op('patient2', 'listMyTherapists');
    expect(b.body.items.map((x: { therapistId: string }) => x.therapistId)).toEqual(['therapist-1']);
  });

  it('is for patients only', async () => {
    expect((await op('therapist', 'listMyTherapists')).res.statusCode).toBe(403);
    expect((await op(null, 'listMyTherapists')).res.statusCode).toBe(401);
  });
});

describe('access code', () => {
  it('gives an 8-character code valid for 24 hours, the same while valid, a new one after expiry', async () => {
    const first = await op('patient', 'getAccessCode');
    expect(first.body.code).toMatch(/^[A-Z0-9]{8}$/);
    const ttl = Date.parse(first.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);
    const again = await op('patient', 'getAccessCode');
    expect(again.body.code).toBe(first.body.code);
    const other = await op('patient2', 'getAccessCode');
    expect(other.body.code).not.toBe(first.body.code);
    await t.db
      .updateTable('patient_access_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('patient_id', '=', PATIENT_A)
      .execute();
    const renewed = await op('patient', 'getAccessCode');
    expect(renewed.body.code).not.toBe(first.body.code);
    const rows = await rowsWhere(t.db, 'patient_access_codes', { patient_id: PATIENT_A });
    expect(rows.map((r) => r.code)).toEqual([renewed.body.code]);
    // A therapist's lookup finds the patient by the current code only.
    expect(await patientIdForAccessCode(t.db, renewed.body.code.toLowerCase())).toBe(PATIENT_A);
    expect(await patientIdForAccessCode(t.db, first.body.code)).toBeNull();
  });

  it('renews the code at once on request: the old one stops working, reading it again answers the new one', async () => {
    const current = await op('patient', 'getAccessCode');
    const renewed = await op('patient', 'renewAccessCode');
    expect(renewed.res.statusCode).toBe(200);
    expect(renewed.body.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(renewed.body.code).not.toBe(current.body.code);
    expect(Date.parse(renewed.body.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await patientIdForAccessCode(t.db, current.body.code)).toBeNull();
    expect(await patientIdForAccessCode(t.db, renewed.body.code)).toBe(PATIENT_A);
    const read = await op('patient', 'getAccessCode');
    expect(read.body.code).toBe(renewed.body.code);
    expect((await op('therapist', 'renewAccessCode')).res.statusCode).toBe(403);
  });

  it('is for patients only', async () => {
    expect((await op('therapist', 'getAccessCode')).res.statusCode).toBe(403);
  });
});

describe('notify scores', () => {
  const notify = (query: string, user = 'patient2') =>
    call('notifyScores', { method: 'POST', url: `/patient/notify${query}`, headers: as(user) });

  it('tells the care team; a mild score does not flag', async () => {
    const { body } = await notify('?phqScore=7&gadScore=4');
    expect(body).toEqual({ notifiedTherapists: 1, highRisk: false });
    const rows = await rowsWhere(t.db, 'therapist_notifications', { patient_id: PATIENT_B, kind: 'scores' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      therapist_id: 'therapist-1',
      payload: { phq9: { total: 7, severity: 'mild' }, gad7: { total: 4, severity: 'minimal' } },
    });
  });

  it('flags high-risk for a severe PHQ-9 (≥ 20) or GAD-7 (≥ 15), with reason and time', async () => {
    expect((await notify('?phqScore=19')).body.highRisk).toBe(false);
    expect((await notify('?gadScore=15')).body).toEqual({ notifiedTherapists: 1, highRisk: true });
    const [flag] = await rowsWhere(t.db, 'patient_risk', { patient_id: PATIENT_B });
    expect(flag).toMatchObject({ high_risk: true, source: 'notify', reason: 'GAD-7 total 15 (severe).' });
    expect(flag!.flagged_at).toBeTruthy();
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
      op('patient', 'addMoment', { query: { eventType: String(m.eventType) }, payload: m });
    const phq9 = { items: [1, 1, 1, 1, 1, 1, 0, 0, 0], total: 6, severity: 'mild' };
    const gad7 = { items: [2, 2, 2, 2, 2, 0, 0], total: 10, severity: 'moderate' };
    // [id, type, start, end, body]
    const moments: Array<[string, string, number, number, Record<string, unknown>]> = [
      ['g-phq', 'phq9', base + 1000, base + 2000, phq9],
      ['g-gad', 'gad7', base + 3000, base + 4000, gad7],
      ['g-c1', 'checkup', base + DAY, base + DAY + 1, { mood: 2, sleep: 1, energy: 2, anxiety: 5 }],
      ['g-c2', 'checkup', base + 2 * DAY, base + 2 * DAY + 1, { mood: 4 }],
      [
        'g-a1',
        'activity',
        base + DAY + 10,
        base + DAY + 600_010,
        { activityId: 'walk', durationSeconds: 600 },
      ],
      ['g-a2', 'activity', base + DAY + 20, base + DAY + 20, { activityId: 'yoga', durationSeconds: 1800 }],
      ['g-out', 'checkup', base + 10 * DAY, base + 10 * DAY, { mood: 5 }],
    ];
    for (const [momentId, eventType, start, end, body] of moments)
      await add({ momentId, eventType, start, end, body });
  });

  it('answers the series the charts need in [startFrom, endAt)', async () => {
    const { body } = await op('patient', 'getMyGraph', {
      query: { startFrom: String(base), endAt: String(base + 10 * DAY) },
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
    const empty = await op('patient2', 'getMyGraph', {
      query: { startFrom: String(base), endAt: String(base + 10 * DAY) },
    });
    expect(empty.body.series.mood).toEqual([]);
  });

  it('refuses a missing or empty window (400) and non-patients (403)', async () => {
    expect((await op('patient', 'getMyGraph', { query: { startFrom: String(base) } })).res.statusCode).toBe(
      400,
    );
    expect(
      (await op('patient', 'getMyGraph', { query: { startFrom: String(base), endAt: String(base) } })).res
        .statusCode,
    ).toBe(400);
    expect(
      (await op('therapist', 'getMyGraph', { query: { startFrom: '0', endAt: '1' } })).res.statusCode,
    ).toBe(403);
  });
});
