// The caseload at scale: search and filters on the server, what each row carries (shared data,
// unread chat messages, the latest and previous PHQ-9/GAD-7), and a therapist's availability as any viewer
// sees it across daylight-saving changes.
import { describe, expect, it } from 'vitest';
import {
  PATIENT_A,
  PATIENT_B,
  careTestApp,
  flagInPatientRisk,
  openChatOfA,
} from '../patients/care-test-app.ts';
import { screeningBody } from '../../../test/screening.ts';

const { t, op } = careTestApp();

const list = async (query: string, user = 'therapist') => {
  const { res, body } = await op(user, 'listAssignedPatients', { query: `limit=100${query}` });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body as {
    items: Array<Record<string, unknown> & { patientId: string; risk: Record<string, unknown> }>;
    total: number;
  };
};
const ids = (page: { items: Array<{ patientId: string }> }) => page.items.map((p) => p.patientId).sort();
const screening = (patient: string, id: string, type: 'phq9' | 'gad7', items: number[], start: number) =>
  op(patient, 'addMoment', {
    query: { eventType: type },
    payload: { momentId: id, eventType: type, start, end: start, body: screeningBody(type, items) },
  });

describe('caseload search and filters', () => {
  // therapist-1 leads patients 01, 03, 05, 07, 09, 11 and is invited to patient-06 (care-test-app).
  it('searches first, last and screen names and e-mail addresses in any case, on the server', async () => {
    const all = await list('');
    const a = all.items.find((p) => p.patientId === PATIENT_A)!;
    const byFirst = await list(`&search=${encodeURIComponent(String(a.firstName).toUpperCase())}`);
    expect(ids(byFirst)).toContain(PATIENT_A);
    expect(byFirst.total).toBe(byFirst.items.length);
    expect(byFirst.total).toBeLessThan(all.total);
    const full = await list(
      `&search=${encodeURIComponent(`${String(a.firstName)} ${String(a.lastName)}`.toLowerCase())}`,
    );
    expect(ids(full)).toEqual([PATIENT_A]);
    expect(ids(await list(`&search=${encodeURIComponent(String(a.email))}`))).toEqual([PATIENT_A]);
    // LIKE wildcards are searched as text.
    expect((await list('&search=%25')).total).toBe(0);
    expect((await list('&search=_')).total).toBe(0);
    expect((await list('&search=zzzz-nobody')).items).toEqual([]);
  });

  it('filters by high risk, shared data and lead, and counts what matches', async () => {
    await flagInPatientRisk(t.db, ['patient-05']);
    await t.db
      .insertInto('data_sharing_consents')
      .values({
        patient_id: PATIENT_B,
        therapist_id: 'therapist-1',
        consented_at: new Date(),
        revoked_at: null,
      })
      .execute();
    await t.db
      .insertInto('data_sharing_consents')
      .values({
        patient_id: 'patient-07',
        therapist_id: 'therapist-1',
        consented_at: new Date(),
        revoked_at: new Date(),
      })
      .execute();
    await t.db
      .insertInto('data_sharing_consents')
      .values({
        patient_id: 'patient-09',
        therapist_id: 'therapist-2',
        consented_at: new Date(),
        revoked_at: null,
      })
      .execute();

    const risky = await list('&highRisk=true');
    expect(ids(risky)).toEqual(['patient-05']);
    expect(risky.total).toBe(1);
    const calm = await list('&highRisk=false');
    expect(ids(calm)).not.toContain('patient-05');
    expect(calm.total + risky.total).toBe((await list('')).total);

    const shared = await list('&sharedData=true');
    expect(ids(shared)).toEqual([PATIENT_B]);
    expect(shared.items[0]!.sharedData).toBe(true);
    expect((await list('&sharedData=false')).items.every((p) => p.sharedData === false)).toBe(true);

    expect(ids(await list('&lead=false'))).toEqual(['patient-06']);
    expect(ids(await list('&lead=true'))).not.toContain('patient-06');
    expect(
      ids(
        await list(
          '&lead=true&highRisk=true&search=' +
            encodeURIComponent(
              String((await list('')).items.find((p) => p.patientId === 'patient-05')!.lastName),
            ),
        ),
      ),
    ).toEqual(['patient-05']);
    // Only the caller's own patients, whatever the filter.
    expect(ids(await list('&highRisk=true', 'therapist2'))).toEqual([]);
    expect(
      (await op('therapist', 'listAssignedPatients', { query: { highRisk: 'maybe' } })).res.statusCode,
    ).toBe(400);
    expect(
      (await op('therapist', 'listAssignedPatients', { query: { search: 'x'.repeat(101) } })).res.statusCode,
    ).toBe(400);
  });

  it('carries the latest and the previous PHQ-9 and GAD-7 of each patient', async () => {
    const now = Date.now();
    await screening('patient', 'cs-phq-1', 'phq9', [2, 2, 2, 2, 2, 2, 2, 1, 0], now - 20 * 86_400_000);
    await screening('patient', 'cs-phq-2', 'phq9', [1, 1, 1, 1, 1, 1, 1, 1, 1], now - 86_400_000);
    await screening('patient', 'cs-gad-1', 'gad7', [1, 1, 1, 1, 1, 1, 1], now - 86_400_000);
    const row = (await list('')).items.find((p) => p.patientId === PATIENT_A)!;
    expect(row.risk).toMatchObject({
      latestPhq9Total: 9,
      previousPhq9Total: 15,
      latestPhq9Item9: 1,
      latestGad7Total: 7,
      previousGad7Total: null,
    });
    expect(Date.parse(String(row.risk.latestPhq9At))).toBe(now - 86_400_000);
    const other = (await list('')).items.find((p) => p.patientId === 'patient-07')!;
    expect(other.risk).toMatchObject({
      latestPhq9Total: null,
      previousPhq9Total: null,
      latestPhq9At: null,
      latestGad7At: null,
    });
  });

  it('counts the patient’s messages the caller has not read in their chats with them', async () => {
    // The demo chats are the caller's too: count on top of them.
    const unread = async (patientId: string, user = 'therapist') =>
      (await list('', user)).items.find((p) => p.patientId === patientId)!.unreadMessages as number;
    const [beforeA, beforeB, beforeA2] = [
      await unread(PATIENT_A),
      await unread(PATIENT_B),
      await unread(PATIENT_A, 'therapist2'),
    ];
    await openChatOfA(t.db, 'cs-chat');
    const read = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('chat_participants')
      .set({ last_read_at: read })
      .where('session_id', '=', 'cs-chat')
      .where('user_id', '=', 'therapist-1')
      .execute();
    await t.db
      .insertInto('chat_messages')
      .values([
        {
          id: 'm1',
          session_id: 'cs-chat',
          sender_id: PATIENT_A,
          body: 'before',
          created_at: new Date(read.getTime() - 1000),
        },
        { id: 'm2', session_id: 'cs-chat', sender_id: PATIENT_A, body: 'after 1', created_at: new Date() },
        { id: 'm3', session_id: 'cs-chat', sender_id: PATIENT_A, body: 'after 2', created_at: new Date() },
        { id: 'm4', session_id: 'cs-chat', sender_id: 'therapist-1', body: 'mine', created_at: new Date() },
      ])
      .execute();
    expect(await unread(PATIENT_A)).toBe(beforeA + 2);
    expect(await unread(PATIENT_B)).toBe(beforeB);
    // therapist-2 is on A's care team but not in this chat.
    expect(await unread(PATIENT_A, 'therapist2')).toBe(beforeA2);
    // Read: nothing left of this chat.
    await t.db
      .updateTable('chat_participants')
      .set({ last_read_at: new Date(Date.now() + 1000) })
      .where('session_id', '=', 'cs-chat')
      .where('user_id', '=', 'therapist-1')
      .execute();
    expect(await unread(PATIENT_A)).toBe(beforeA);
  });
});

describe('availability as any viewer sees it', () => {
  it('answers the occurrences of weekly wall-clock slots right across the clocks going forward and back', async () => {
    // therapist-1 works in Europe/London: every Sunday 09:00-10:00.
    await t.db.deleteFrom('therapist_availability').where('therapist_id', '=', 'therapist-1').execute();
    const slot = await op('therapist', 'createAvailabilitySlot', {
      payload: { dayOfWeek: 7, start: '09:00', end: '10:00' },
    });
    const from = Date.UTC(2026, 2, 16); // Monday 16 March 2026
    const profile = await op('patient', 'getTherapistProfile', {
      params: { therapist: 'therapist-1' },
      query: { from: String(from), days: '14' },
    });
    expect(profile.res.statusCode).toBe(200);
    expect(profile.body.occurrences).toEqual([
      { slotId: slot.body.id, start: Date.UTC(2026, 2, 22, 9), end: Date.UTC(2026, 2, 22, 10) }, // GMT
      { slotId: slot.body.id, start: Date.UTC(2026, 2, 29, 8), end: Date.UTC(2026, 2, 29, 9) }, // BST from 29 March
    ]);
    const autumn = await op('patient', 'getTherapistProfile', {
      params: { therapist: 'therapist-1' },
      query: { from: String(Date.UTC(2026, 9, 19)), days: '14' },
    });
    expect(autumn.body.occurrences.map((o: { start: number }) => new Date(o.start).toISOString())).toEqual([
      '2026-10-25T09:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
    ]);
    // Default window: the next 14 days from now, two Sundays.
    const now = await op('patient', 'getTherapistProfile', { params: { therapist: 'therapist-1' } });
    expect(now.body.occurrences).toHaveLength(2);
    expect(now.body.occurrences.every((o: { start: number }) => o.start > Date.now() - 3_600_000)).toBe(true);
    expect(
      (
        await op('patient', 'getTherapistProfile', {
          params: { therapist: 'therapist-1' },
          query: { days: '63' },
        })
      ).res.statusCode,
    ).toBe(400);
  });
});
