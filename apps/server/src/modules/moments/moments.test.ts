import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_THOUGHT_RECORD } from '@tend/domain/cbt/thought-record.sample';
import { operate } from '../../../test/operate.ts';
import { PATIENT_A, PATIENT_B, useCareTestApp, DAY } from '../patients/care-test-app.ts';
import { screeningBody } from '../../../test/screening.ts';
import { rowsWhere } from '../../../test/helpers.ts';

const t = useCareTestApp();
const op = operate(t);

const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);
let seq = 0;
const id = (prefix: string) => `${prefix}-${++seq}`;

const checkup = (start: number, mood = 3, momentId = id('chk')) => ({
  momentId,
  eventType: 'checkup',
  start,
  end: start + 60_000,
  body: { mood },
});
const phq9 = (items: number[], start = T0, extra: Record<string, unknown> = {}) => ({
  momentId: id('phq'),
  eventType: 'phq9',
  start,
  end: start + 240_000,
  body: { ...screeningBody('phq9', items), ...extra },
});
const gad7 = (items: number[], start = T0) => ({
  momentId: id('gad'),
  eventType: 'gad7',
  start,
  end: start + 180_000,
  body: screeningBody('gad7', items),
});

const add = (moment: Record<string, unknown>, user = 'patient', eventType = String(moment.eventType)) =>
  op(user, 'addMoment', { query: { eventType }, payload: moment });

/** The query of a sync of one type over a window. */
const syncQuery = (eventType: string, w: { startFrom: number; endAt: number }) => ({
  eventType,
  startFrom: String(w.startFrom),
  endAt: String(w.endAt),
});
const sync = (user: string, events: unknown[], query: Record<string, string>) =>
  op(user, 'syncMoments', { query, payload: { events } });

const risk = (patientId: string) =>
  t.db.selectFrom('patient_risk').selectAll().where('patient_id', '=', patientId).executeTakeFirst();

describe('add and addJournal', () => {
  it('stores a moment of the caller and answers it', async () => {
    const m = checkup(T0, 4);
    const { res, body } = await add(m);
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({ ...m, patientId: PATIENT_A });
    expect(typeof body.updatedAt).toBe('number');
  });

  it('is idempotent on momentId: the same moment twice is stored once', async () => {
    const m = checkup(T0 + 1000, 2);
    await add(m);
    const again = await add(m);
    expect(again.res.statusCode).toBe(201);
    expect(await rowsWhere(t.db, 'moments', { id: m.momentId })).toHaveLength(1);
  });

  it('refuses a query eventType that differs from the body, notes and files, and bad bodies (400)', async () => {
    expect((await add(checkup(T0), 'patient', 'journal')).res.statusCode).toBe(400);
    const note = { momentId: id('n'), eventType: 'note', start: T0, end: T0, body: { text: 'mine' } };
    expect((await add(note)).body.code).toBe('invalid_request');
    expect((await add({ ...checkup(T0), body: { mood: 9 } })).res.statusCode).toBe(400);
    expect((await add({ ...checkup(T0), end: T0 - 1 })).res.statusCode).toBe(400);
  });

  it('refuses callers who are not patients, and anonymous ones', async () => {
    expect((await add(checkup(T0), 'therapist')).res.statusCode).toBe(403);
    expect((await add(checkup(T0), 'admin')).res.statusCode).toBe(403);
    expect((await add(checkup(T0), 'dataExport')).res.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/moments/add?eventType=checkup',
      payload: checkup(T0),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('does not let a patient overwrite another patient’s moment id (409)', async () => {
    const m = checkup(T0 + 5000, 3);
    await add(m, 'patient');
    const theirs = await add({ ...m, body: { mood: 1 } }, 'patient2');
    expect(theirs.res.statusCode).toBe(409);
    expect(theirs.body.code).toBe('moment_id_taken');
    expect(await rowsWhere(t.db, 'moments', { id: m.momentId })).toMatchObject([{ patient_id: PATIENT_A }]);
  });

  it('keeps a CBT exercise saved step by step as one moment: the draft (completed false), then the finished entry', async () => {
    const momentId = id('draft');
    const draft = {
      momentId,
      eventType: 'cbt-automatic-thoughts',
      start: T0,
      end: T0,
      updatedAt: T0 + 1,
      body: { situation: 'Work', thoughts: ['I will mess up.'], completed: false },
    };
    const first = await op('patient', 'addJournalMoment', {
      query: { eventType: 'cbt-automatic-thoughts' },
      payload: draft,
    });
    expect(first.res.statusCode).toBe(201);
    expect(first.body.body.completed).toBe(false);
    const done = {
      ...draft,
      end: T0 + 600_000,
      updatedAt: T0 + 600_000,
      body: {
        ...draft.body,
        emotions: [{ name: 'Anxious', intensity: 70 }],
        distortions: ['fortune-telling'],
        completed: true,
      },
    };
    const second = await op('patient', 'addJournalMoment', {
      query: { eventType: 'cbt-automatic-thoughts' },
      payload: done,
    });
    expect(second.body.body).toMatchObject({ completed: true, distortions: ['fortune-telling'] });
    expect(await rowsWhere(t.db, 'moments', { id: momentId })).toHaveLength(1);
    expect(
      (await add({ ...draft, momentId: id('bad'), body: { ...draft.body, completed: 'no' } }, 'patient')).res
        .statusCode,
    ).toBe(400);
    // leave the file's world as the latest-* tests below expect it
    await t.db.deleteFrom('moments').where('id', '=', momentId).execute();
  });

  it('stores the whole thought record (beliefs, hot thought, balanced thought, re-ratings) and refuses what does not add up with a 400 and the field', async () => {
    // The sample record, its re-ratings named as another person's language or casing would name them.
    const body = {
      ...SAMPLE_THOUGHT_RECORD,
      emotionsAfter: [
        { name: 'Ansioso', word: 'anxious', intensity: 40 },
        { name: 'dread', intensity: 30 },
      ],
    };
    const record = (b: Record<string, unknown>) => ({
      momentId: id('tr'),
      eventType: 'cbt-automatic-thoughts',
      start: T0 - DAY,
      end: T0 - DAY + 600_000,
      body: b,
    });
    const ok = await add(record(body));
    expect(ok.res.statusCode).toBe(201);
    expect(ok.body.body).toMatchObject({ hotThought: 0, balancedBelief: 70, hotThoughtBeliefAfter: 35 });
    const refused = async (b: Record<string, unknown>, field: string) => {
      const r = await add(record({ ...body, ...b }));
      expect(r.res.statusCode, field).toBe(400);
      expect(r.body.code).toBe('invalid_request');
      expect(Object.keys((r.body.details as { fields: Record<string, string> }).fields)).toEqual([field]);
      expect(r.body.message).not.toBe('');
    };
    await refused({ thoughtBeliefs: [90] }, 'body.thoughtBeliefs');
    await refused({ thoughtBeliefs: [90, 101] }, 'body.thoughtBeliefs.1');
    await refused({ hotThought: 2 }, 'body.hotThought');
    await refused({ balancedBelief: -1 }, 'body.balancedBelief');
    await refused({ hotThoughtBeliefAfter: 100.5 }, 'body.hotThoughtBeliefAfter');
    await refused({ emotionsAfter: [{ name: 'Angry', intensity: 10 }] }, 'body.emotionsAfter.0');
    await refused({ emotions: [...body.emotions, { name: 'anxious', intensity: 10 }] }, 'body.emotions.2');
    await refused({ emotions: [{ name: 'Sad', word: 'blue', intensity: 10 }] }, 'body.emotions.0.word');
    await refused(
      { emotionsAfter: Array.from({ length: 21 }, (_, i) => ({ name: `E${i}`, intensity: 1 })) },
      'body.emotionsAfter',
    );
    await refused({ balancedThought: undefined }, 'body.balancedBelief');
    await refused({ balancedThought: 'x'.repeat(2001) }, 'body.balancedThought');
    // An older record (none of the new fields) is still taken and read.
    const older = await add(record({ situation: 'Work', thoughts: ['I will mess up.'] }));
    expect(older.res.statusCode).toBe(201);
    // leave the file's world as the latest-* tests below expect it
    await t.db
      .deleteFrom('moments')
      .where('id', 'in', [ok.body.momentId as string, older.body.momentId as string])
      .execute();
  });

  it('addJournal takes journal and CBT entries only', async () => {
    const journal = {
      momentId: id('j'),
      eventType: 'journal',
      start: T0,
      end: T0 + 1,
      body: { text: 'A calmer day.' },
    };
    const ok = await op('patient', 'addJournalMoment', { query: { eventType: 'journal' }, payload: journal });
    expect(ok.res.statusCode).toBe(201);
    const wrong = await op('patient', 'addJournalMoment', {
      query: { eventType: 'checkup' },
      payload: checkup(T0),
    });
    expect(wrong.res.statusCode).toBe(400);
    const forbidden = await op('therapist', 'addJournalMoment', {
      query: { eventType: 'journal' },
      payload: journal,
    });
    expect(forbidden.res.statusCode).toBe(403);
  });
});

describe('screening', () => {
  it('recomputes PHQ-9 and GAD-7 totals and bands from the items (400 when inconsistent)', async () => {
    const good = phq9([1, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect((await add(good, 'patient2')).res.statusCode).toBe(201);
    const wrongTotal = phq9([1, 1, 1, 1, 1, 0, 0, 0, 0]);
    wrongTotal.body.total = 4;
    const r1 = await add(wrongTotal, 'patient2');
    expect(r1.res.statusCode).toBe(400);
    expect(r1.body.details.fields).toHaveProperty(['body.total']);
    const wrongBand = phq9([3, 3, 3, 3, 3, 0, 0, 0, 0]);
    wrongBand.body.severity = 'moderate';
    expect((await add(wrongBand, 'patient2')).res.statusCode).toBe(400);
    const g = gad7([3, 3, 3, 3, 3, 0, 0]);
    g.body.total = 14;
    g.body.severity = 'moderate';
    expect((await add(g, 'patient2')).res.statusCode).toBe(400);
    const eightItems = {
      ...phq9([0, 0, 0, 0, 0, 0, 0, 0, 0]),
      body: { items: [0, 0, 0, 0, 0, 0, 0, 0], total: 0, severity: 'minimal' },
    };
    expect((await add(eightItems, 'patient2')).res.statusCode).toBe(400);
    // Bands as published: 14 moderate, 15 moderately severe, 19 moderately severe, 20 severe.
    for (const [items, band] of [
      [[2, 2, 2, 2, 2, 2, 2, 0, 0], 'moderate'],
      [[3, 3, 3, 2, 2, 2, 0, 0, 0], 'moderately-severe'],
      [[3, 3, 3, 3, 3, 2, 2, 0, 0], 'moderately-severe'],
    ] as const) {
      const m = phq9([...items]);
      expect(m.body.severity).toBe(band);
      expect((await add(m, 'patient2')).res.statusCode).toBe(201);
    }
    expect((await risk(PATIENT_B))?.high_risk ?? false).toBe(false);
  });

  it('flags the patient high-risk when PHQ-9 item 9 is above 0, and tells their therapists', async () => {
    const m = phq9([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect((await add(m, 'patient')).res.statusCode).toBe(201);
    const flag = await risk(PATIENT_A);
    expect(flag).toMatchObject({ high_risk: true, source: 'phq9-item9' });
    expect(flag?.reason).toContain('item 9');
    expect(flag?.flagged_at).toBeTruthy();
    expect(await rowsWhere(t.db, 'patients', { id: PATIENT_A })).toMatchObject([{ high_risk: true }]);
    const told = await rowsWhere(t.db, 'therapist_notifications', {
      patient_id: PATIENT_A,
      kind: 'high-risk',
    });
    expect(told.map((r) => r.therapist_id).sort()).toEqual(['therapist-1', 'therapist-2']);
  });

  it('flags a severe PHQ-9 (≥ 20) or GAD-7 (≥ 15) but not a moderately severe one', async () => {
    await t.db.deleteFrom('patient_risk').execute();
    await add(phq9([3, 3, 3, 3, 3, 2, 2, 0, 0]), 'patient2'); // 19
    expect(await risk(PATIENT_B)).toBeUndefined();
    await add(gad7([3, 3, 3, 3, 3, 0, 0]), 'patient2'); // 15
    expect(await risk(PATIENT_B)).toMatchObject({ high_risk: true, source: 'gad7-severe' });
    await t.db.deleteFrom('patient_risk').execute();
    await add(phq9([3, 3, 3, 3, 3, 3, 2, 0, 0]), 'patient2'); // 20
    expect(await risk(PATIENT_B)).toMatchObject({ high_risk: true, source: 'phq9-severe' });
  });

  it('flags from a synced PHQ-9 too, once, however often the batch is sent', async () => {
    await t.db.deleteFrom('patient_risk').execute();
    await t.db.deleteFrom('risk_events').execute();
    const w = { startFrom: Date.UTC(2025, 7, 1), endAt: Date.UTC(2025, 7, 2) };
    const m = phq9([0, 0, 0, 0, 0, 0, 0, 0, 2], w.startFrom + 1000);
    for (let i = 0; i < 2; i++) await sync('patient2', [m], syncQuery('phq9', w));
    expect(await risk(PATIENT_B)).toMatchObject({ high_risk: true, source: 'phq9-item9' });
    const events = await t.db
      .selectFrom('risk_events')
      .select('source')
      .where('patient_id', '=', PATIENT_B)
      .execute();
    expect(events).toEqual([{ source: 'phq9-item9' }]);
  });

  it('answers the latest PHQ-9 and GAD-7 of the caller only', async () => {
    const later = phq9([1, 0, 0, 0, 0, 0, 0, 0, 0], T0 + 10 * DAY);
    await add(later, 'patient2');
    const { body } = await op('patient2', 'getLatestScreening');
    expect(body.phq9.momentId).toBe(later.momentId);
    expect(body.gad7.eventType).toBe('gad7');
    const mine = await op('patient', 'getLatestScreening');
    expect(mine.body.gad7).toBeNull();
    expect((await op('therapist', 'getLatestScreening')).res.statusCode).toBe(403);
  });
});

describe('sync and batch-sync', () => {
  const window = { startFrom: Date.UTC(2026, 1, 1), endAt: Date.UTC(2026, 1, 8) };
  const query = syncQuery('checkup', window);

  it('stores a batch once: sending it again changes nothing', async () => {
    const events = [checkup(window.startFrom + 1000, 3), checkup(window.startFrom + DAY, 4)];
    const first = await sync('patient', events, query);
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toMatchObject({ eventType: 'checkup', stored: 2, unchanged: 0 });
    expect(first.body.events.map((e: { momentId: string }) => e.momentId)).toEqual(
      events.map((e) => e.momentId),
    );
    const again = await sync('patient', events, query);
    expect(again.body).toMatchObject({ stored: 0, unchanged: 2 });
    expect(again.body.events).toHaveLength(2);
    const count = await t.db
      .selectFrom('moments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'id',
        'in',
        events.map((e) => e.momentId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('keeps the newer copy by updatedAt', async () => {
    const m = { ...checkup(window.startFrom + 2 * DAY, 2), updatedAt: Date.UTC(2026, 1, 3) };
    await sync('patient', [m], query);
    const older = await sync('patient', [{ ...m, body: { mood: 1 }, updatedAt: m.updatedAt - 1 }], query);
    expect(older.body).toMatchObject({ stored: 0, unchanged: 1 });
    const newer = await sync('patient', [{ ...m, body: { mood: 5 }, updatedAt: m.updatedAt + 1 }], query);
    expect(newer.body).toMatchObject({ stored: 1, unchanged: 0 });
    expect(newer.body.events.find((e: { momentId: string }) => e.momentId === m.momentId).body.mood).toBe(5);
  });

  it('refuses events of another type or outside the window, and an empty window (400)', async () => {
    const outside = await sync('patient', [checkup(window.endAt)], query);
    expect(outside.res.statusCode).toBe(400);
    expect(outside.body.details.fields).toHaveProperty(['events.0.start']);
    const otherType = await sync('patient', [{ ...gad7([0, 0, 0, 0, 0, 0, 0], window.startFrom) }], query);
    expect(otherType.res.statusCode).toBe(400);
    const empty = await sync('patient', [], { eventType: 'checkup', startFrom: '5', endAt: '5' });
    expect(empty.res.statusCode).toBe(400);
    const missing = await sync('patient', [], { eventType: 'checkup' });
    expect(missing.res.statusCode).toBe(400);
    expect((await sync('therapist', [], query)).res.statusCode).toBe(403);
  });

  it('batch-sync runs each batch in one transaction and is idempotent', async () => {
    const w = { startFrom: Date.UTC(2026, 2, 1), endAt: Date.UTC(2026, 2, 2) };
    const relax = {
      momentId: id('rel'),
      eventType: 'relaxation',
      start: w.startFrom + 10,
      end: w.startFrom + 600_000,
      body: { levelBefore: 3, levelAfter: 7 },
    };
    const payload = {
      batches: [
        { eventType: 'checkup', ...w, events: [checkup(w.startFrom + 5, 4)] },
        { eventType: 'relaxation', ...w, events: [relax] },
      ],
    };
    const first = await op('patient2', 'batchSyncMoments', { payload });
    expect(first.body.results.map((r: { stored: number }) => r.stored)).toEqual([1, 1]);
    const again = await op('patient2', 'batchSyncMoments', { payload });
    expect(again.body.results.map((r: { unchanged: number }) => r.unchanged)).toEqual([1, 1]);
    // One bad batch stores nothing of the others.
    const bad = {
      batches: [
        { eventType: 'checkup', ...w, events: [checkup(w.startFrom + 7, 4)] },
        { eventType: 'relaxation', ...w, events: [{ ...relax, momentId: id('rel'), start: w.endAt }] },
      ],
    };
    expect((await op('patient2', 'batchSyncMoments', { payload: bad })).res.statusCode).toBe(400);
    const taken = {
      batches: [
        {
          eventType: 'checkup',
          ...w,
          events: [
            checkup(w.startFrom + 8, 4, 'bs-new'),
            { ...checkup(w.startFrom + 9, 4), momentId: payload.batches[0]!.events[0]!.momentId },
          ],
        },
      ],
    };
    expect((await op('patient', 'batchSyncMoments', { payload: taken })).res.statusCode).toBe(409);
    expect(
      await t.db.selectFrom('moments').select('id').where('id', '=', 'bs-new').executeTakeFirst(),
    ).toBeUndefined();
    expect((await op('patient2', 'batchSyncMoments', { payload: { batches: [] } })).res.statusCode).toBe(400);
  });

  it('answers the latest change per type and the timestamps of one type', async () => {
    const b = await op('patient', 'getMomentBatchTimestamps', { query: { eventType: ['checkup', 'quiz'] } });
    expect(typeof b.body.timestamps.checkup).toBe('number');
    expect(b.body.timestamps.quiz).toBeNull();
    expect(
      (await op('patient', 'getMomentBatchTimestamps', { query: { eventType: 'nope' } })).res.statusCode,
    ).toBe(400);
    const ts = await op('patient2', 'getMomentTimestamps', { query: { eventType: 'relaxation' } });
    expect(ts.body.moments).toHaveLength(1);
    expect(ts.body.moments[0]).toEqual({
      momentId: expect.any(String),
      start: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(
      (await op('patient', 'getMomentTimestamps', { query: { eventType: 'relaxation' } })).body.moments,
    ).toHaveLength(0);
    expect(
      (await op('therapist', 'getMomentTimestamps', { query: { eventType: 'relaxation' } })).res.statusCode,
    ).toBe(403);
  });
});

describe('latest moments', () => {
  const P = 'patient';
  const base = Date.UTC(2026, 3, 1, 8);
  beforeAll(async () => {
    const moments = [
      { eventType: 'risk-factor', body: { factors: ['isolation'], level: 'moderate' } },
      { eventType: 'resilience', body: { score: 30, maxScore: 50 } },
      { eventType: 'cbt-unhealthy', body: { patterns: ['mind-reading'] } },
      {
        eventType: 'cbt-hot-thought',
        body: { situation: 'Meeting', hotThought: 'They think I am useless.' },
      },
      { eventType: 'cbt-evidence', body: { thought: 'I always fail.' } },
      { eventType: 'cbt-screening', body: { answers: [1, 2], score: 3 } },
      { eventType: 'cbt-core-belief', body: { belief: 'I am not good enough.' } },
      { eventType: 'cbt-being-objective', body: { situation: 'A message went unanswered.' } },
      { eventType: 'cbt-automatic-thoughts', body: { situation: 'Work', thoughts: ['I will mess up.'] } },
    ];
    let i = 0;
    for (const m of moments) {
      const start = base + i++ * 60_000;
      await add({ momentId: id('l'), start, end: start + 1000, ...m });
    }
  });

  for (const [operationId, type] of [
    ['getLatestRiskFactor', 'risk-factor'],
    ['getLatestResilience', 'resilience'],
    ['getLatestUnhealthyThinking', 'cbt-unhealthy'],
    ['getLatestHotThoughtEntry', 'cbt-hot-thought'],
    ['getLatestCbtEvidenceEntry', 'cbt-evidence'],
    ['getLatestCheckup', 'checkup'],
    ['getLatestCbtScreening', 'cbt-screening'],
    ['getLatestCbt', 'cbt-automatic-thoughts'],
  ] as const) {
    it(`${operationId} answers the caller’s latest ${type}, null for someone without one, 403 for a therapist`, async () => {
      const { body } = await op(P, operationId);
      expect(body.moment.eventType).toBe(type);
      expect(body.moment.patientId).toBe(PATIENT_A);
      if (type !== 'checkup') expect((await op('patient2', operationId)).body.moment).toBeNull();
      expect((await op('therapist', operationId)).res.statusCode).toBe(403);
    });
  }

  for (const [operationId, type] of [
    ['listLatestCoreBeliefEntries', 'cbt-core-belief'],
    ['listLatestBeingObjectiveEntries', 'cbt-being-objective'],
    ['listLatestAutomaticThoughtsEntries', 'cbt-automatic-thoughts'],
  ] as const) {
    it(`${operationId} lists the caller’s ${type} entries, newest first, at most limit`, async () => {
      const start = base + DAY;
      const extra = await add({
        momentId: id('x'),
        eventType: type,
        start,
        end: start + 1,
        body: (
          await t.db
            .selectFrom('moments')
            .select('body')
            .where('event_type', '=', type)
            .executeTakeFirstOrThrow()
        ).body as Record<string, unknown>,
      });
      const { body } = await op(P, operationId);
      expect(body.items.map((m: { momentId: string }) => m.momentId)[0]).toBe(extra.body.momentId);
      expect(body.items).toHaveLength(2);
      expect((await op(P, operationId, { query: { limit: '1' } })).body.items).toHaveLength(1);
      expect((await op(P, operationId, { query: { limit: '0' } })).res.statusCode).toBe(400);
      expect((await op('therapist', operationId)).res.statusCode).toBe(403);
    });
  }

  it('answers the latest result of each quiz', async () => {
    const q = (quizId: string, score: number, start: number) => ({
      momentId: id('q'),
      eventType: 'quiz',
      start,
      end: start + 1,
      body: { quizId, score, maxScore: 10 },
    });
    await add(q('sleep', 3, base));
    await add(q('sleep', 7, base + DAY));
    await add(q('stress', 5, base + 2 * DAY));
    const { body } = await op(P, 'getLatestQuizResults');
    expect(
      body.items.map((m: { body: { quizId: string; score: number } }) => [m.body.quizId, m.body.score]),
    ).toEqual([
      ['stress', 5],
      ['sleep', 7],
    ]);
    expect((await op('therapist', 'getLatestQuizResults')).res.statusCode).toBe(403);
  });

  it('answers the latest positive reading, merged with that day’s readings on request', async () => {
    const day = Date.UTC(2026, 4, 2);
    const r = (text: string, start: number) => ({
      momentId: id('pr'),
      eventType: 'positive-reading',
      start,
      end: start + 60_000,
      body: { readings: [{ text }] },
    });
    await add(r('Yesterday', day - 3_600_000));
    await add(r('Morning', day + 8 * 3_600_000));
    const last = r('Evening', day + 20 * 3_600_000);
    await add(last);
    const plain = await op(P, 'getLatestPositiveReading');
    expect(plain.body.moment.body.readings).toEqual([{ text: 'Evening' }]);
    const merged = await op(P, 'getLatestPositiveReading', { query: { mergeReadings: 'true' } });
    expect(merged.body.moment.body.readings).toEqual([{ text: 'Morning' }, { text: 'Evening' }]);
    expect(merged.body.moment.end).toBe(last.end);
    expect(merged.body.moment.momentId).toBe(last.momentId);
    expect((await op('patient2', 'getLatestPositiveReading')).body.moment).toBeNull();
    expect(
      (await op(P, 'getLatestPositiveReading', { query: { mergeReadings: 'maybe' } })).res.statusCode,
    ).toBe(400);
  });

  it('lists the latest relaxation levels (count)', async () => {
    const start = base + 3 * DAY;
    for (let i = 0; i < 3; i++)
      await add({
        momentId: id('r'),
        eventType: 'relaxation',
        start: start + i,
        end: start + i + 1,
        body: { levelBefore: i, levelAfter: i + 2 },
      });
    const { body } = await op(P, 'listLatestRelaxationLevels', { query: { count: '2' } });
    expect(body.items.map((m: { body: { levelBefore: number } }) => m.body.levelBefore)).toEqual([2, 1]);
    expect((await op(P, 'listLatestRelaxationLevels', { query: { count: '101' } })).res.statusCode).toBe(400);
    expect((await op('therapist', 'listLatestRelaxationLevels')).res.statusCode).toBe(403);
  });
});

describe('activity counters and totals', () => {
  const start = Date.UTC(2026, 5, 1);
  beforeAll(async () => {
    const a = (activityId: string, at: number, durationSeconds: number) => ({
      momentId: id('a'),
      eventType: 'activity',
      start: at,
      end: at + durationSeconds * 1000,
      body: { activityId, durationSeconds },
    });
    await add(a('walk', start - DAY, 600));
    await add(a('walk', start + 1000, 1200));
    await add(a('yoga', start + 2000, 900));
    await add(a('walk', start + 3000, 300), 'patient2');
  });

  it('counts the caller’s activities since startTime, 0 for none', async () => {
    const { body } = await op('patient', 'getActivityCounters', {
      query: { startTime: String(start), activityIds: ['walk', 'yoga', 'swim'] },
    });
    expect(body).toEqual({ startTime: start, counters: { walk: 1, yoga: 1, swim: 0 } });
    expect(
      (await op('patient', 'getActivityCounters', { query: { activityIds: 'walk' } })).res.statusCode,
    ).toBe(400);
    expect(
      (
        await op('therapist', 'getActivityCounters', {
          query: { startTime: String(start), activityIds: 'walk' },
        })
      ).res.statusCode,
    ).toBe(403);
  });

  it('totals the caller’s activities of all time', async () => {
    const { body } = await op('patient', 'getActivityTotals', {
      query: { activityIds: ['walk', 'yoga', 'swim'] },
    });
    expect(body.totals).toEqual({
      walk: { count: 2, durationSeconds: 1800 },
      yoga: { count: 1, durationSeconds: 900 },
      swim: { count: 0, durationSeconds: 0 },
    });
    expect((await op('patient', 'getActivityTotals')).res.statusCode).toBe(400);
    expect((await op('admin', 'getActivityTotals', { query: { activityIds: 'walk' } })).res.statusCode).toBe(
      403,
    );
  });
});

describe('progress and hot-thought moments (lastDoc paging)', () => {
  const from = Date.UTC(2026, 6, 1);
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const m = checkup(from + i * DAY, 3);
      ids.push(m.momentId);
      await add(m, 'patient2');
    }
    // Two moments at the same start: the id breaks the tie.
    const same = from + 5 * DAY;
    for (const suffix of ['a', 'b']) {
      const m = { ...checkup(same, 3), momentId: `same-${suffix}` };
      ids.push(m.momentId);
      await add(m, 'patient2');
    }
    const hot = {
      momentId: id('hot'),
      eventType: 'cbt-hot-thought',
      start: from + DAY,
      end: from + DAY + 1,
      body: { situation: 'Bus', hotThought: 'Everyone is staring.' },
    };
    await add(hot, 'patient2');
  });

  it('pages newest first with a stable cursor, unaffected by new moments', async () => {
    const page = (lastDoc?: string) =>
      op('patient2', 'listProgressMoments', {
        query: {
          from: String(from),
          to: String(from + 30 * DAY),
          limit: '3',
          ...(lastDoc ? { lastDoc } : {}),
        },
      });
    const p1 = await page();
    expect(p1.body.items.map((m: { momentId: string }) => m.momentId)).toEqual(['same-b', 'same-a', ids[4]]);
    // A newer moment arrives between pages: the next page is unchanged.
    await add(checkup(from + 20 * DAY, 2), 'patient2');
    const p2 = await page(p1.body.lastDoc);
    expect(p2.body.items.map((m: { momentId: string }) => m.momentId)).toEqual([ids[3], ids[2], ids[1]]);
    const p3 = await page(p2.body.lastDoc);
    expect(p3.body.items.map((m: { momentId: string }) => m.momentId)).toEqual([ids[0]]);
    expect(p3.body.lastDoc).toBeNull();
  });

  it('keeps to [from, to) and refuses a bad cursor or window (400)', async () => {
    const only = await op('patient2', 'listProgressMoments', {
      query: { from: String(from + DAY), to: String(from + 2 * DAY) },
    });
    expect(only.body.items.map((m: { momentId: string }) => m.momentId)).toEqual([ids[1]]);
    expect(
      (await op('patient2', 'listProgressMoments', { query: { lastDoc: 'garbage' } })).res.statusCode,
    ).toBe(400);
    expect(
      (await op('patient2', 'listProgressMoments', { query: { from: '10', to: '5' } })).res.statusCode,
    ).toBe(400);
    expect((await op('therapist', 'listProgressMoments')).res.statusCode).toBe(403);
  });

  it('lists hot-thought moments only', async () => {
    const { body } = await op('patient2', 'listHotThoughtMoments', { query: { from: String(from) } });
    expect(body.items.map((m: { eventType: string }) => m.eventType)).toEqual(['cbt-hot-thought']);
    expect(body.lastDoc).toBeNull();
    expect((await op('patient2', 'listHotThoughtMoments', { query: { limit: '500' } })).res.statusCode).toBe(
      400,
    );
    expect((await op('therapist', 'listHotThoughtMoments')).res.statusCode).toBe(403);
  });
});
