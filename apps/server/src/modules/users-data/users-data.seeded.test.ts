// Erasing a user of the full demo data (every care, chat and identity row the seeds write): afterwards no
// text column of any table holds the user's id or e-mail address, and the other demo users are intact.
import { describe, expect, it } from 'vitest';
import { seedIdentityRows } from '../../auth/demo.ts';
import { DEMO } from '../../db/seed-data.ts';
import { seedCore } from '../../db/seed-demo/index.ts';
import { createTestApp, rowsWhere } from '../../../test/helpers.ts';
import { fileTestApp } from '../../../test/file-app.ts';
import { findAnywhere } from './find-anywhere.ts';

// The demo database as the seeds write it (core and identity rows), with the test users.
const { t, op } = fileTestApp(async () => {
  const app = await createTestApp({ rateLimitEnabled: false });
  await seedCore(app.db);
  await seedIdentityRows(app.db, app.config, DEMO);
  return app;
});

describe('erasing a demo user', () => {
  it('leaves no row holding the patient’s id or address, and everyone else’s data in place', async () => {
    const patient = DEMO.patients[0]!;
    expect((await findAnywhere(t.db, [patient.id])).length).toBeGreaterThan(5);
    const exported = await op('dataExport', 'exportUserData', { params: { userId: patient.id } });
    expect(exported.res.statusCode).toBe(200);
    expect(exported.body.tables.moments.length).toBeGreaterThan(10);
    expect(exported.body.tables.users).toHaveLength(1);
    const others = await t.db
      .selectFrom('moments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '!=', patient.id)
      .executeTakeFirstOrThrow();
    expect((await op('dataExport', 'deleteUserData', { query: { userId: patient.id } })).res.statusCode).toBe(
      204,
    );
    expect(await findAnywhere(t.db, [patient.id, patient.email])).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom('moments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(others.n);
  });

  it('leaves no row holding a therapist’s id or address', async () => {
    const therapist = DEMO.therapists[0]!;
    expect(
      (await op('dataExport', 'deleteUserData', { query: { userId: therapist.id } })).res.statusCode,
    ).toBe(204);
    expect(await findAnywhere(t.db, [therapist.id, therapist.email])).toEqual([]);
    expect(await rowsWhere(t.db, 'patients', { id: DEMO.patients[2]!.id })).toHaveLength(1);
  });
});
