import { beforeAll, describe, expect, it } from 'vitest';
import { careTestApp } from '../patients/care-test-app.ts';
import { applyChanges } from './routes.ts';

const care = careTestApp();
const { op } = care;
beforeAll(async () => {
  // The seed gives the demo patients their preferences (the first run behind them): start without documents.
  await care.t.db.deleteFrom('patient_metadata').execute();
});

const update = (metadataDocumentId: string, changes: unknown[], etag: string | undefined, user = 'patient') =>
  op(user, 'updatePatientMetadata', {
    params: { metadataDocumentId },
    headers: etag !== undefined ? { etag } : {},
    payload: { metadataChangeList: changes },
  });
/** The patient's document of that id, as `user`. */
const getDoc = (metadataDocumentId: string, user = 'patient') =>
  op(user, 'getPatientMetadata', { params: { metadataDocumentId } });
const listDocs = (user: string | null) => op(user, 'listPatientMetadata');

describe('patient metadata', () => {
  it('creates a document with ETag *, reads it, and updates it with its ETag', async () => {
    const created = await update(
      'preferences',
      [
        { op: 'set', path: 'reminders.time', value: '08:30' },
        { op: 'set', path: 'theme', value: 'dark' },
      ],
      '*',
    );
    expect(created.res.statusCode).toBe(200);
    const etag1 = created.res.headers.etag as string;
    expect(etag1).toMatch(/^".+"$/);
    expect(created.body).toMatchObject({
      metadataDocumentId: 'preferences',
      data: { reminders: { time: '08:30' }, theme: 'dark' },
      etag: etag1,
    });

    const read = await getDoc('preferences');
    expect(read.res.headers.etag).toBe(etag1);
    expect(read.body.data).toEqual({ reminders: { time: '08:30' }, theme: 'dark' });

    const updated = await update(
      'preferences',
      [
        { op: 'remove', path: 'theme' },
        { op: 'set', path: 'reminders.days', value: [1, 3, 5] },
      ],
      etag1,
    );
    expect(updated.res.statusCode).toBe(200);
    expect(updated.res.headers.etag).not.toBe(etag1);
    expect(updated.body.data).toEqual({ reminders: { time: '08:30', days: [1, 3, 5] } });

    const list = await listDocs('patient');
    expect(
      list.body.items.map((d: { metadataDocumentId: string; etag: string }) => [
        d.metadataDocumentId,
        d.etag,
      ]),
    ).toEqual([['preferences', updated.res.headers.etag]]);
  });

  it('answers 412 with the current ETag and document for a stale or missing ETag, and overwrites nothing', async () => {
    const created = await update('onboarding', [{ op: 'set', path: 'step', value: 1 }], '*');
    const etag1 = created.res.headers.etag as string;
    const theirs = await update('onboarding', [{ op: 'set', path: 'step', value: 2 }], etag1);
    const current = theirs.res.headers.etag as string;

    const stale = await update('onboarding', [{ op: 'set', path: 'step', value: 9 }], etag1);
    expect(stale.res.statusCode).toBe(412);
    expect(stale.res.headers.etag).toBe(current);
    expect(stale.body).toMatchObject({
      code: 'etag_mismatch',
      details: { currentEtag: current, current: { data: { step: 2 } } },
    });
    const missing = await update('onboarding', [{ op: 'set', path: 'step', value: 9 }], undefined);
    expect(missing.res.statusCode).toBe(412);
    expect(missing.body.code).toBe('etag_required');
    expect(missing.res.headers.etag).toBe(current);
    const star = await update('onboarding', [{ op: 'set', path: 'step', value: 9 }], '*');
    expect(star.res.statusCode).toBe(412);
    const absent = await update('never-made', [{ op: 'set', path: 'x', value: 1 }], '"something"');
    expect(absent.res.statusCode).toBe(412);
    expect(absent.body.details.currentEtag).toBe('*');
    expect((await update('never-made', [{ op: 'set', path: 'x', value: 1 }], undefined)).res.statusCode).toBe(
      412,
    );

    const read = await getDoc('onboarding');
    expect(read.body.data).toEqual({ step: 2 });
    expect((await getDoc('never-made')).res.statusCode).toBe(404);
  });

  it('keeps each patient’s documents apart and is for patients only', async () => {
    expect((await getDoc('preferences', 'patient2')).res.statusCode).toBe(404);
    expect((await listDocs('patient2')).body.items).toEqual([]);
    expect((await listDocs('therapist')).res.statusCode).toBe(403);
    expect((await getDoc('preferences', 'admin')).res.statusCode).toBe(403);
    expect(
      (await update('preferences', [{ op: 'set', path: 'x', value: 1 }], '*', 'therapist')).res.statusCode,
    ).toBe(403);
    expect((await listDocs(null)).res.statusCode).toBe(401);
  });

  it('refuses bad changes (400) without applying any', async () => {
    const created = await update('bad', [{ op: 'set', path: 'a', value: 5 }], '*');
    const etag = created.res.headers.etag as string;
    expect((await update('bad', [], etag)).res.statusCode).toBe(400);
    expect((await update('bad', [{ op: 'rename', path: 'a' }], etag)).res.statusCode).toBe(400);
    expect((await update('bad', [{ op: 'set', path: 'a..b', value: 1 }], etag)).res.statusCode).toBe(400);
    expect((await update('bad', [{ op: 'set', path: 'b' }], etag)).res.statusCode).toBe(400);
    const through = await update(
      'bad',
      [
        { op: 'set', path: 'c', value: 1 },
        { op: 'set', path: 'a.b', value: 1 },
      ],
      etag,
    );
    expect(through.res.statusCode).toBe(400);
    expect(through.body.details.fields).toHaveProperty(['metadataChangeList.1.path']);
    expect(
      (await update('bad', [{ op: 'set', path: '__proto__.polluted', value: 1 }], etag)).res.statusCode,
    ).toBe(400);
    expect((await update('bad id', [{ op: 'set', path: 'a', value: 1 }], etag)).res.statusCode).toBe(400);
    const read = await getDoc('bad');
    expect(read.body).toMatchObject({ data: { a: 5 }, etag });
  });
});

describe('the goals and preferences documents keep the contract’s shape', () => {
  const goal = { text: 'Walk every morning', achieved: false, createdAt: '2026-11-01T08:00:00.000Z' };

  it('accepts goals and preferences that fit, changed one path at a time', async () => {
    const goals = await update('goals', [{ op: 'set', path: 'goals', value: { g1: goal } }], '*');
    expect(goals.res.statusCode).toBe(200);
    const achieved = await update(
      'goals',
      [{ op: 'set', path: 'goals.g1.achieved', value: true }],
      goals.res.headers.etag as string,
    );
    expect(achieved.body.data).toEqual({ goals: { g1: { ...goal, achieved: true } } });
    // The preferences document made by the first test (with fields of its own, which the shape leaves open).
    const stored = await getDoc('preferences');
    const prefs = await update(
      'preferences',
      [
        { op: 'set', path: 'focusAreas', value: ['sleep', 'mood'] },
        { op: 'set', path: 'supportStyle', value: 'gentle' },
        { op: 'set', path: 'remindersOn', value: true },
      ],
      stored.res.headers.etag as string,
    );
    expect(prefs.res.statusCode).toBe(200);
    expect(prefs.body.data).toMatchObject({
      focusAreas: ['sleep', 'mood'],
      supportStyle: 'gentle',
      remindersOn: true,
    });
  });

  it('refuses (400, naming the field) a change that breaks the shape, and stores nothing', async () => {
    const created = await update(
      'goals',
      [{ op: 'set', path: 'goals', value: { g1: goal } }],
      '*',
      'patient2',
    );
    const etag = created.res.headers.etag as string;
    const tooLong = await update(
      'goals',
      [{ op: 'set', path: 'goals.g1.text', value: 'x'.repeat(201) }],
      etag,
      'patient2',
    );
    expect(tooLong.res.statusCode).toBe(400);
    expect(tooLong.body.details.fields).toHaveProperty(['data.goals.g1.text']);
    const noText = await update('goals', [{ op: 'remove', path: 'goals.g1.text' }], etag, 'patient2');
    expect(noText.res.statusCode).toBe(400);
    expect(noText.body.details.fields).toHaveProperty(['data.goals.g1.text']);
    const badId = await update(
      'goals',
      [{ op: 'set', path: 'goals', value: { 'not ok!': goal } }],
      etag,
      'patient2',
    );
    expect(badId.res.statusCode).toBe(400);
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`g${i}`, goal]));
    expect(
      (await update('goals', [{ op: 'set', path: 'goals', value: eleven }], etag, 'patient2')).res.statusCode,
    ).toBe(400);
    expect(
      (await update('goals', [{ op: 'set', path: 'goals', value: 'many' }], etag, 'patient2')).res.statusCode,
    ).toBe(400);

    const style = await update(
      'preferences',
      [{ op: 'set', path: 'supportStyle', value: 'shouting' }],
      '*',
      'patient2',
    );
    expect(style.res.statusCode).toBe(400);
    expect(style.body.details.fields).toHaveProperty(['data.supportStyle']);
    expect(
      (
        await update(
          'preferences',
          [{ op: 'set', path: 'focusAreas', value: ['sleep', 'sleep'] }],
          '*',
          'patient2',
        )
      ).res.statusCode,
    ).toBe(400);
    expect(
      (await update('preferences', [{ op: 'set', path: 'remindersOn', value: 'yes' }], '*', 'patient2')).res
        .statusCode,
    ).toBe(400);

    const read = await getDoc('goals', 'patient2');
    expect(read.body).toMatchObject({ data: { goals: { g1: goal } }, etag });
    expect((await getDoc('preferences', 'patient2')).res.statusCode).toBe(404);
  });
});

describe('applyChanges', () => {
  it('sets nested paths, removes, and ignores removing what is absent', () => {
    expect(
      applyChanges({ a: { b: 1 } }, [
        { op: 'set', path: 'a.c.d', value: true },
        { op: 'remove', path: 'a.b' },
        { op: 'remove', path: 'x.y' },
      ]),
    ).toEqual({ a: { c: { d: true } } });
  });
});
