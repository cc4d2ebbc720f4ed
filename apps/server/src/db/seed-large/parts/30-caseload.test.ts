// The caseload part of the large data set: what the therapist bench (scripts/bench/50-therapist.ts) relies on
// is there after seeding a fresh demo database, and the server serves it as the console asks for it.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../../test/file-app.ts';
import { createSeededTestApp } from '../../../../test/helpers.ts';
import { DEMO } from '../../seed-data.ts';
import part, { CASELOAD_PATIENTS } from './30-caseload.ts';

const { t, op } = fileTestApp(createSeededTestApp);
beforeAll(async () => {
  await part.seed({ db: t.db, config: t.config, identity: undefined, demo: DEMO, log: () => {} });
});

const count = async (query: ReturnType<typeof sql<{ n: string | number }>>) =>
  Number((await query.execute(t.db)).rows[0]!.n);

describe('30-caseload', () => {
  it("puts 10,000 patients on the demo therapist's caseload, most led by them, with the mix the rows show", async () => {
    expect(CASELOAD_PATIENTS).toBe(10_000);
    expect(await count(sql`select count(*) as n from patients where id like 'bench-caseload-%'`)).toBe(
      CASELOAD_PATIENTS,
    );
    expect(
      await count(
        sql`select count(*) as n from care_team where therapist_id = 'therapist-1' and patient_id like 'bench-caseload-%'`,
      ),
    ).toBe(CASELOAD_PATIENTS);
    const led = await count(
      sql`select count(*) as n from care_team where therapist_id = 'therapist-1' and role = 'lead' and patient_id like 'bench-caseload-%'`,
    );
    expect(led / CASELOAD_PATIENTS).toBeGreaterThan(0.8);
    expect(led / CASELOAD_PATIENTS).toBeLessThan(0.9);
    // Every patient has exactly one lead (the others are led by therapist-2).
    expect(
      await count(
        sql`select count(*) as n from (select patient_id from care_team where role = 'lead' and patient_id like 'bench-caseload-%' group by patient_id having count(*) <> 1) x`,
      ),
    ).toBe(0);
    const flagged = await count(
      sql`select count(*) as n from patients where id like 'bench-caseload-%' and high_risk`,
    );
    expect(flagged / CASELOAD_PATIENTS).toBeGreaterThan(0.02);
    expect(flagged / CASELOAD_PATIENTS).toBeLessThan(0.04);
    // Each flag has its reason, its history and an alert to therapist-1; at most 40 are still open.
    expect(
      await count(
        sql`select count(*) as n from patient_risk where patient_id like 'bench-caseload-%' and high_risk`,
      ),
    ).toBe(flagged);
    expect(
      await count(
        sql`select count(*) as n from therapist_notifications where therapist_id = 'therapist-1' and kind = 'high-risk' and patient_id like 'bench-caseload-%'`,
      ),
    ).toBe(flagged);
    const open = await count(
      sql`select count(*) as n from therapist_notifications where patient_id like 'bench-caseload-%' and acknowledged_at is null`,
    );
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(40);
  });

  it("keeps each patient's latest activity as the moments trigger does, and the bands as published", async () => {
    // last_activity_at (migration 0031) is the latest of the patient's own moments, or null without any.
    expect(
      await count(sql`select count(*) as n from patients p where p.id like 'bench-caseload-%'
        and p.last_activity_at is distinct from (select max(m.updated_at) from moments m where m.patient_id = p.id)`),
    ).toBe(0);
    const screenings = await sql<{
      event_type: string;
      body: { items: number[]; total: number; severity: string };
    }>`
      select event_type, body from moments where patient_id like 'bench-caseload-%' and event_type in ('phq9', 'gad7') limit 500`.execute(
      t.db,
    );
    expect(screenings.rows.length).toBeGreaterThan(100);
    for (const { event_type: type, body } of screenings.rows) {
      expect(body.items).toHaveLength(type === 'phq9' ? 9 : 7);
      expect(body.items.reduce((a, b) => a + b, 0)).toBe(body.total);
    }
  });

  it('serves the caseload as the console pages it: the total, high-risk patients first', async () => {
    const { res, body } = await op('therapist', 'listAssignedPatients', { query: { limit: '50' } });
    expect(res.statusCode).toBe(200);
    const page = body as { total: number; items: Array<{ risk: { highRisk: boolean } }> };
    expect(page.total).toBeGreaterThanOrEqual(CASELOAD_PATIENTS);
    expect(page.items).toHaveLength(50);
    expect(page.items[0]!.risk.highRisk).toBe(true);
    const last = await op('therapist', 'listAssignedPatients', {
      query: { limit: '50', skip: String(page.total - 10) },
    });
    expect((last.body as { items: unknown[] }).items).toHaveLength(10);
  });
});
