// Erasing a user of the full demo data (every care, chat and identity row the seeds write): afterwards no
// text column of any table holds the user's id or e-mail address, and the other demo users are intact.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIdentityRows } from '../../auth/demo.ts';
import { seedCore, DEMO } from '../../db/seed-data.ts';
import type { Db } from '../../db/index.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { as, caller } from '../organisations/test-support.ts';
import { createTestApp } from '../../../test/helpers.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;

async function holders(db: Db, values: string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'uuid')`.execute(db);
  const hits: string[] = [];
  for (const c of columns) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(c.table_name)} where lower(${sql.ref(c.column_name)}::text) in (${sql.join(values.map((v) => v.toLowerCase()))})`.execute(db);
    if (Number(rows[0]!.n) > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}

beforeAll(async () => {
  // The demo database as the seeds write it (core and identity rows), with the test users.
  t = await createTestApp({ rateLimitEnabled: false });
  await seedCore(t.db);
  await seedIdentityRows(t.db, t.config, DEMO);
  call = caller(t);
}, 180_000);
afterAll(() => t?.close());

describe('erasing a demo user', () => {
  it('leaves no row holding the patient’s id or address, and everyone else’s data in place', async () => {
    const patient = DEMO.patients[0]!;
    expect((await holders(t.db, [patient.id])).length).toBeGreaterThan(5);
    const exported = await call('exportUserData', { method: 'GET', url: `/users/data/${patient.id}/export`, headers: as('dataExport') });
    expect(exported.res.statusCode).toBe(200);
    expect(exported.body.tables.moments.length).toBeGreaterThan(10);
    expect(exported.body.tables.users).toHaveLength(1);
    const others = await t.db.selectFrom('moments').select((eb) => eb.fn.countAll<number>().as('n')).where('patient_id', '!=', patient.id).executeTakeFirstOrThrow();
    expect((await call('deleteUserData', { method: 'DELETE', url: `/users/data?userId=${patient.id}`, headers: as('dataExport') })).res.statusCode).toBe(204);
    expect(await holders(t.db, [patient.id, patient.email])).toEqual([]);
    expect((await t.db.selectFrom('moments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(others.n);
  });

  it('leaves no row holding a therapist’s id or address', async () => {
    const therapist = DEMO.therapists[0]!;
    expect((await call('deleteUserData', { method: 'DELETE', url: `/users/data?userId=${therapist.id}`, headers: as('dataExport') })).res.statusCode).toBe(204);
    expect(await holders(t.db, [therapist.id, therapist.email])).toEqual([]);
    expect(await t.db.selectFrom('patients').select('id').where('id', '=', DEMO.patients[2]!.id).executeTakeFirst()).toBeDefined();
  });
});
