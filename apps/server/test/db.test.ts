import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../src/db/index.ts';
import { DEMO, gad7Severity, phq9Severity } from '../src/db/seed-data.ts';
import { seed, seedIfEmpty } from '../src/db/seed.ts';
import { testConfig } from '../src/config.ts';
import { createTestDb, schemaProblems, type TestDb } from './helpers.ts';

describe('database and demo seed', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('runs the migrations and reports affected rows, jsonb arrays and int8 as numbers', async () => {
    const { db } = t;
    await db
      .insertInto('settings')
      .values({ key: 'k', value: json([1, { a: 2 }]) })
      .execute();
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'k')
      .executeTakeFirstOrThrow();
    expect(row.value).toEqual([1, { a: 2 }]);
    const updated = await db
      .updateTable('settings')
      .set({ value: json({ b: true }) })
      .where('key', '=', 'k')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const deleted = await db.deleteFrom('settings').where('key', '=', 'nothing').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
    const { rows } = await sql<{ n: number }>`select count(*) as n from settings`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });

  it('keeps a transaction together and rolls it back on error', async () => {
    const { db } = t;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: 'tx', value: json(1) })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(
      await db.selectFrom('settings').select('key').where('key', '=', 'tx').executeTakeFirst(),
    ).toBeUndefined();
    await Promise.all(
      [1, 2, 3].map((i) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto('settings')
            .values({ key: `p${i}`, value: json(i) })
            .execute(),
        ),
      ),
    );
    expect((await db.selectFrom('settings').select('key').where('key', 'like', 'p%').execute()).length).toBe(
      3,
    );
  });

  it('seeds an empty database once, with the demo organisations, people and 90 days of moments', async () => {
    const { db } = t;
    expect(await seedIfEmpty({ db, config: testConfig() })).toBe(true);
    expect(await seedIfEmpty({ db, config: testConfig() })).toBe(false);
    const orgs = await db.selectFrom('organisations').select(['id', 'parent_id']).orderBy('id').execute();
    expect(orgs).toEqual([
      { id: DEMO.organisations.root.id, parent_id: null },
      { id: DEMO.organisations.child.id, parent_id: DEMO.organisations.root.id },
    ]);
    expect(await db.selectFrom('therapists').select('id').execute()).toHaveLength(3);
    expect(await db.selectFrom('patients').select('id').execute()).toHaveLength(20);
    expect(await db.selectFrom('clients').select('id').execute()).toEqual([{ id: 'demo' }]);
    const perPatient = await db
      .selectFrom('moments')
      .select([
        'patient_id',
        sql<number>`count(distinct event_type)`.as('types'),
        sql<Date>`min(start_at)`.as('first'),
        sql<Date>`max(start_at)`.as('last'),
      ])
      .groupBy('patient_id')
      .execute();
    expect(perPatient).toHaveLength(20);
    for (const p of perPatient) {
      expect(p.types).toBeGreaterThanOrEqual(5);
      expect((new Date(p.last).getTime() - new Date(p.first).getTime()) / 86_400_000).toBeGreaterThan(80);
    }
    const leads = await db.selectFrom('care_team').select('patient_id').where('role', '=', 'lead').execute();
    expect(new Set(leads.map((l) => l.patient_id)).size).toBe(20);
    expect((await db.selectFrom('chat_sessions').select('id').execute()).length).toBe(8);
  });

  it('stores PHQ-9 and GAD-7 results with items, correct totals and severity bands', async () => {
    const { db } = t;
    const results = await db
      .selectFrom('moments')
      .select(['event_type', 'body', 'patient_id'])
      .where('event_type', 'in', ['phq9', 'gad7'])
      .execute();
    expect(results.length).toBeGreaterThanOrEqual(20 * 2 * 6);
    for (const r of results) {
      const body = r.body as { items: number[]; total: number; severity: string };
      expect(body.items).toHaveLength(r.event_type === 'phq9' ? 9 : 7);
      for (const item of body.items) expect([0, 1, 2, 3]).toContain(item);
      expect(body.total).toBe(body.items.reduce((a, b) => a + b, 0));
      expect(body.severity).toBe(
        r.event_type === 'phq9' ? phq9Severity(body.total) : gad7Severity(body.total),
      );
    }
    // Every patient with PHQ-9 item 9 above 0 is flagged high-risk.
    const flagged = new Set(
      (await db.selectFrom('patients').select('id').where('high_risk', '=', true).execute()).map((p) => p.id),
    );
    const item9 = results.filter(
      (r) => r.event_type === 'phq9' && (r.body as { items: number[] }).items[8]! > 0,
    );
    expect(item9.length).toBeGreaterThan(0);
    for (const r of item9) expect(flagged.has(r.patient_id)).toBe(true);
  });

  it('seeds moments that conform to the contract Moment schema, of every type the apps read', async () => {
    const { db } = t;
    const rows = await db.selectFrom('moments').selectAll().execute();
    const problems = new Set<string>();
    const types = new Set<string>();
    for (const r of rows) {
      types.add(r.event_type);
      const moment = {
        momentId: r.id,
        patientId: r.patient_id,
        eventType: r.event_type,
        start: new Date(r.start_at).getTime(),
        end: new Date(r.end_at).getTime(),
        updatedAt: new Date(r.updated_at).getTime(),
        body: r.body,
      };
      for (const p of schemaProblems('Moment', moment)) problems.add(`${r.event_type}: ${p}`);
    }
    expect([...problems]).toEqual([]);
    // The check has teeth: a check-up mood outside 1–5 does not conform.
    expect(
      schemaProblems('Moment', { momentId: 'm1', eventType: 'checkup', start: 1, end: 2, body: { mood: 9 } }),
    ).not.toEqual([]);
    expect([...types].sort()).toEqual([
      'activity',
      'cbt-automatic-thoughts',
      'cbt-being-objective',
      'cbt-core-belief',
      'cbt-evidence',
      'cbt-hot-thought',
      'cbt-screening',
      'cbt-unhealthy',
      'checkup',
      'gad7',
      'journal',
      'phq9',
      'positive-reading',
      'quiz',
      'relaxation',
      'resilience',
      'risk-factor',
    ]);
    const flags = await db.selectFrom('patient_risk').select(['patient_id', 'source']).execute();
    expect(flags.length).toBeGreaterThan(0);
    for (const f of flags) expect(['phq9-item9', 'phq9-severe']).toContain(f.source);
  });

  it('seeds organisation sections in the contract field names', async () => {
    const orgs = await t.db.selectFrom('organisations').selectAll().execute();
    for (const o of orgs) {
      const withEtag = (v: unknown) => ({ ...(v as object), etag: '"x"' });
      expect(schemaProblems('OrganisationDetails', withEtag(o.details)), o.id).toEqual([]);
      expect(schemaProblems('AppSettings', withEtag(o.app_settings)), o.id).toEqual([]);
      expect(
        schemaProblems('Subscription', {
          ...withEtag(o.subscription),
          maxRedemptions: o.max_redemptions,
          redemptions: 0,
        }),
        o.id,
      ).toEqual([]);
      expect(schemaProblems('ResearchSettings', withEtag(o.research_settings)), o.id).toEqual([]);
    }
  });

  it('runs the identity seed hook after the core seed, with the demo ids', async () => {
    const other = await createTestDb();
    try {
      const seen: string[] = [];
      await seed({
        db: other.db,
        config: testConfig(),
        identity: {
          seed: async ({ db, demo }) => {
            const therapist = await db
              .selectFrom('therapists')
              .select('email')
              .where('id', '=', demo.therapists[0].id)
              .executeTakeFirstOrThrow();
            seen.push(therapist.email);
          },
        },
      });
      expect(seen).toEqual(['therapist@example.com']);
    } finally {
      await other.close();
    }
  });

  it('severity bands follow the published cut-offs', () => {
    // Each band as its lowest and highest score.
    const bands: Array<[(score: number) => string, Array<[number, number, string]>]> = [
      [
        phq9Severity,
        [
          [0, 4, 'minimal'],
          [5, 9, 'mild'],
          [10, 14, 'moderate'],
          [15, 19, 'moderately-severe'],
          [20, 27, 'severe'],
        ],
      ],
      [
        gad7Severity,
        [
          [0, 4, 'minimal'],
          [5, 9, 'mild'],
          [10, 14, 'moderate'],
          [15, 21, 'severe'],
        ],
      ],
    ];
    for (const [severity, cutOffs] of bands) {
      for (const [low, high, band] of cutOffs) expect([low, high].map(severity), band).toEqual([band, band]);
    }
  });
});
