import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/file-app.ts';
import { json } from '../../db/index.ts';
import { createAdminTestApp } from '../organisations/test-support.ts';
import { findAnywhere } from './find-anywhere.ts';
import { classify, userColumns } from './tables.ts';
import { rowsWhere } from '../../../test/helpers.ts';

const { t, op } = fileTestApp(createAdminTestApp);
/** The data-export operations on one user, as that caller (the data-export role unless told). */
const exportData = (userId: string, user: string | null = 'dataExport') =>
  op(user, 'exportUserData', { params: { userId } });
const clone = (userId: string, user = 'dataExport') => op(user, 'cloneUser', { params: { userId } });
const erase = (userId: string | null, user = 'dataExport') =>
  op(user, 'deleteUserData', { query: userId === null ? {} : { userId } });
const listActions = (query: Record<string, string> = {}, user = 'dataExport') =>
  op(user, 'listUserDataActions', { query });

beforeAll(async () => {
  const db = t.db;
  const now = Date.now();
  await db
    .insertInto('users')
    .values([
      {
        id: 'patient-01',
        email: 'patient-01@example.com',
        first_name: 'Sam',
        last_name: 'Patient',
        screen_name: 'sam',
        language: 'en',
        updated_at: now,
      },
      {
        id: 'therapist-1',
        email: 'therapist-1@example.com',
        first_name: 'Alex',
        last_name: 'Therapist',
        screen_name: null,
        language: 'en',
        updated_at: now,
      },
      {
        id: 'admin-1',
        email: 'admin@example.com',
        first_name: 'Riley',
        last_name: 'Adams',
        screen_name: null,
        language: 'en',
        updated_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('user_roles')
    .values([
      { user_id: 'patient-01', role: 'patient', organisation_id: null },
      { user_id: 'therapist-1', role: 'therapist', organisation_id: null },
    ])
    .execute();
  const at = new Date('2026-01-05T10:00:00Z');
  await db
    .insertInto('moments')
    .values([
      {
        id: 'p1-journal',
        patient_id: 'patient-01',
        event_type: 'journal',
        body: json({ text: 'A hard day' }),
        start_at: at,
        end_at: at,
        created_by: 'patient-01',
      },
      {
        id: 'p1-note',
        patient_id: 'patient-01',
        event_type: 'note',
        body: json({ text: 'Session notes' }),
        start_at: at,
        end_at: at,
        created_by: 'therapist-1',
      },
      {
        id: 'p3-journal',
        patient_id: 'patient-03',
        event_type: 'journal',
        body: json({ text: 'Better' }),
        start_at: at,
        end_at: at,
        created_by: 'patient-03',
      },
      {
        id: 'p3-checkup',
        patient_id: 'patient-03',
        event_type: 'checkup',
        body: json({ mood: 4 }),
        start_at: at,
        end_at: at,
        created_by: 'patient-03',
      },
    ])
    .execute();
  await db
    .insertInto('chat_sessions')
    .values([
      {
        id: 'chat-1',
        patient_id: 'patient-01',
        therapist_id: 'therapist-1',
        status: 'active',
        emergency: false,
      },
      {
        id: 'chat-3',
        patient_id: 'patient-03',
        therapist_id: 'therapist-1',
        status: 'active',
        emergency: false,
      },
    ])
    .execute();
  await db
    .insertInto('chat_messages')
    .values([
      { id: 'msg-1', session_id: 'chat-1', sender_id: 'patient-01', body: 'hello' },
      { id: 'msg-2', session_id: 'chat-1', sender_id: 'therapist-1', body: 'hi Sam' },
      { id: 'msg-3', session_id: 'chat-3', sender_id: 'therapist-1', body: 'hi Maya' },
    ])
    .execute();
  // (a trigger adds the chat participants)
  await db
    .insertInto('cloud_documents')
    .values({
      owner_id: 'patient-01',
      name: 'settings',
      data_structure_version: 1,
      content: json({ theme: 'dark' }),
      timestamp: now,
    })
    .execute();
  await db
    .insertInto('email_subscriptions')
    .values({ email: 'patient-01@example.com', subscribed: true })
    .execute();
  await db
    .insertInto('error_reports')
    .values({
      uid: 'patient-01',
      message: 'boom',
      reporter: null,
      stack: null,
      context: json({}),
      log_buffer: json([]),
      user_agent: null,
    })
    .execute();
  await db
    .insertInto('onboarding_survey_responses')
    .values({
      id: 'resp-1',
      patient_id: 'patient-01',
      url_suffix: 'welcome',
      survey_id: null,
      response_data: json({ goal: 'sleep' }),
    })
    .execute();
  await db
    .insertInto('patient_metadata')
    .values({ patient_id: 'patient-01', document_id: 'prefs', data: json({ a: 1 }), etag: '"e"' })
    .execute();
  await db
    .insertInto('reward_sessions')
    .values({
      patient_id: 'patient-01',
      session_id: 's1',
      points: 5,
      is_recommended: false,
      duration_seconds: 300,
    })
    .execute();
  await db.insertInto('push_tokens').values({ token: 'device-token', user_id: 'patient-01' }).execute();
  await db
    .insertInto('risk_events')
    .values({
      id: 'risk-1',
      patient_id: 'patient-01',
      high_risk: true,
      reason: 'PHQ-9 item 9',
      source: 'phq9-item9',
      actor_id: 'therapist-1',
    })
    .execute();
  await db
    .insertInto('organisation_redemptions')
    .values({
      id: 'red-1',
      organisation_id: 'org-tend-health',
      patient_id: 'patient-01',
      redeemed_by: 'admin-1',
    })
    .execute();
  await db
    .insertInto('surveys')
    .values({
      id: 'survey-1',
      type: 'feedback',
      config: json({ title: 'T', urlSuffix: 'fb', questions: [] }),
      etag: '"s"',
      created_by: 'admin-1',
    })
    .execute();
  // A table no list names: found through information_schema by its column name.
  await sql`create table extra_notes (id text primary key, patient_id text not null, note text not null)`.execute(
    db,
  );
  await sql`insert into extra_notes values ('n1', 'patient-01', 'added by a later migration'), ('n3', 'patient-03', 'kept')`.execute(
    db,
  );
});

describe('finding user columns', () => {
  it('classifies columns by name and finds every table that refers to users', async () => {
    expect(classify('patients', 'id')).toBe('owner');
    expect(classify('moments', 'id')).toBeNull();
    expect(classify('chat_messages', 'sender_id')).toBe('reference');
    expect(classify('surveys', 'created_by')).toBe('reference');
    expect(classify('email_subscriptions', 'email')).toBe('email');
    const tables = new Set((await userColumns(t.db)).map((c) => c.table));
    for (const table of [
      'users',
      'patients',
      'therapists',
      'moments',
      'chat_messages',
      'cloud_documents',
      'push_tokens',
      'reports',
      'extra_notes',
      'user_roles',
    ]) {
      expect(tables.has(table), table).toBe(true);
    }
  });
});

describe('users data', () => {
  it('exports every row kept about a user, from every table, new tables included', async () => {
    const res = await exportData('patient-01');
    expect(res.res.statusCode).toBe(200);
    expect(res.res.headers['content-disposition']).toBe('attachment; filename="tend-user-patient-01.json"');
    const tables = res.body.tables;
    expect(res.body.userId).toBe('patient-01');
    expect(tables.patients).toHaveLength(1);
    expect(tables.users[0]).toMatchObject({ id: 'patient-01', email: 'patient-01@example.com' });
    expect(tables.moments.map((m: { id: string }) => m.id).sort()).toEqual(['p1-journal', 'p1-note']);
    expect(tables.chat_messages.map((m: { id: string }) => m.id)).toEqual(['msg-1']);
    expect(tables.extra_notes).toEqual([
      { id: 'n1', patient_id: 'patient-01', note: 'added by a later migration' },
    ]);
    expect(tables.email_subscriptions).toHaveLength(1);
    expect(tables.cloud_documents[0].content).toEqual({ theme: 'dark' });
    expect(tables.reward_sessions).toHaveLength(1);
    expect(JSON.stringify(tables)).not.toContain('p3-journal');
  });

  it('export refuses other callers and unknown users', async () => {
    expect((await exportData('patient-01', 'admin')).res.statusCode).toBe(403);
    expect((await exportData('patient-01', 'patient')).res.statusCode).toBe(403);
    expect((await exportData('patient-01', null)).res.statusCode).toBe(401);
    expect((await exportData('nobody')).res.statusCode).toBe(404);
    expect((await exportData('bad id')).res.statusCode).toBe(400);
  });

  it('clones a user’s profile and moments into an anonymised test user', async () => {
    const res = await clone('patient-03');
    expect(res.res.statusCode).toBe(201);
    const { userId, email } = res.body;
    expect(email).toBe(`clone+${userId}@example.invalid`);
    const patient = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      organisation_id: 'org-tend-health',
      first_name: 'Test',
      last_name: 'Clone',
      email,
    });
    const moments = await rowsWhere(t.db, 'moments', { patient_id: userId }, 'event_type');
    expect(moments.map(({ event_type, body }) => ({ event_type, body }))).toEqual([
      { event_type: 'checkup', body: { mood: 4 } },
      { event_type: 'journal', body: { text: 'Better' } },
    ]);
    expect(await findAnywhere(t.db, ['Maya'])).toEqual(['patients.first_name']); // the name is not copied
    expect((await clone('nobody')).res.statusCode).toBe(404);
    expect((await clone('patient-03', 'otherAdmin')).res.statusCode).toBe(403);
    expect((await clone('bad id')).res.statusCode).toBe(400);
  });

  it('creates a user with roles and records (409 for a known address)', async () => {
    const post = (payload: unknown, user = 'dataExport') =>
      op(user, 'createUserData', { payload: payload as object });
    const res = await post({
      email: 'New.Person@Example.com',
      firstName: 'New',
      lastName: 'Person',
      scopes: ['patient'],
      organisationId: 'org-tend-north',
      password: 'a-long-password-1',
    });
    expect(res.res.statusCode).toBe(201);
    expect(res.body.email).toBe('new.person@example.com');
    expect(await rowsWhere(t.db, 'patients', { id: res.body.userId })).toMatchObject([
      { organisation_id: 'org-tend-north' },
    ]);
    expect(await rowsWhere(t.db, 'user_roles', { user_id: res.body.userId })).toMatchObject([
      { role: 'patient' },
    ]);
    const admin = await post({
      email: 'boss@example.com',
      firstName: 'B',
      lastName: 'Oss',
      scopes: ['org-admin'],
      organisationId: 'org-tend-north',
    });
    expect(await rowsWhere(t.db, 'user_roles', { user_id: admin.body.userId })).toMatchObject([
      { role: 'admin', organisation_id: 'org-tend-north' },
    ]);
    const again = await post({
      email: 'new.person@example.com',
      firstName: 'N',
      lastName: 'P',
      scopes: ['patient'],
      organisationId: 'org-tend-north',
    });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.code).toBe('email_in_use');
    const person = { email: 'x@example.com', firstName: 'X', lastName: 'Y', scopes: ['patient'] };
    const refused: Array<[payload: Record<string, unknown>, user: string, status: number]> = [
      [person, 'dataExport', 400],
      [{ ...person, organisationId: 'org-nope' }, 'dataExport', 400],
      [{ ...person, scopes: ['patient', 'therapist'], organisationId: 'org-tend-north' }, 'dataExport', 400],
      [{ ...person, email: 'not-an-email' }, 'dataExport', 400],
      [{ ...person, scopes: [] }, 'dataExport', 400],
      [{ ...person, organisationId: 'org-tend-north' }, 'admin', 403],
    ];
    for (const [payload, user, status] of refused) {
      expect((await post(payload, user)).res.statusCode, `${user} ${JSON.stringify(payload)}`).toBe(status);
    }
  });

  it('finds a user by address or id with the rows each table keeps about them (what an erasure removes)', async () => {
    const find = (query: string, user = 'dataExport') => op(user, 'findUserData', { payload: { query } });
    const byEmail = await find('Patient-01@Example.com');
    expect(byEmail.res.statusCode).toBe(200);
    expect(byEmail.body).toMatchObject({
      userId: 'patient-01',
      email: 'patient-01@example.com',
      firstName: 'Sam',
      lastName: 'Patient',
      roles: [{ role: 'patient', organisationId: null }],
    });
    const tables = Object.fromEntries(
      byEmail.body.tables.map((t: { table: string; rows: number }) => [t.table, t.rows]),
    );
    expect(tables).toMatchObject({
      moments: 2,
      extra_notes: 1,
      chat_messages: 1,
      email_subscriptions: 1,
      users: 1,
      patients: 1,
    });
    expect(byEmail.body.total).toBe(
      byEmail.body.tables.reduce((n: number, t: { rows: number }) => n + t.rows, 0),
    );
    expect((await find('patient-01')).body.total).toBe(byEmail.body.total);
    expect((await find('nobody@example.com')).res.statusCode).toBe(404);
    expect((await find('nobody')).res.statusCode).toBe(404);
    expect((await find('not an id')).res.statusCode).toBe(400);
    expect((await find('patient-01', 'admin')).res.statusCode).toBe(403);
  });

  it('erases every row of a patient: afterwards no text column of any table holds their id or address', async () => {
    expect((await findAnywhere(t.db, ['patient-01'])).length).toBeGreaterThan(10);
    const res = await erase('patient-01');
    expect(res.res.statusCode).toBe(204);
    expect(await findAnywhere(t.db, ['patient-01', 'patient-01@example.com'])).toEqual([]);
    // nobody else's data went with it
    expect(await rowsWhere(t.db, 'moments', { patient_id: 'patient-03' })).toHaveLength(2);
    expect(await rowsWhere(t.db, 'therapists', { id: 'therapist-1' })).toHaveLength(1);
    expect((await sql<{ id: string }>`select id from extra_notes`.execute(t.db)).rows).toEqual([
      { id: 'n3' },
    ]);
    // idempotent
    expect((await erase('patient-01')).res.statusCode).toBe(204);
  });

  it('erases a therapist and an administrator; shared records stay without them', async () => {
    expect((await erase('therapist-1')).res.statusCode).toBe(204);
    expect(await findAnywhere(t.db, ['therapist-1', 'therapist-1@example.com'])).toEqual([]);
    expect(await rowsWhere(t.db, 'chat_sessions', { id: 'chat-3' })).toMatchObject([{ therapist_id: null }]);
    expect((await erase('admin-1')).res.statusCode).toBe(204);
    expect(await findAnywhere(t.db, ['admin-1'])).toEqual([]);
    expect(await rowsWhere(t.db, 'surveys', { id: 'survey-1' })).toMatchObject([{ created_by: null }]);
  });

  it('logs every action with who and when; an erased user is shown by a reference only', async () => {
    const log = await listActions();
    expect(log.res.statusCode).toBe(200);
    const items = log.body.items as Array<{
      id: string;
      action: string;
      at: string;
      actor: { userId: string };
      subject: { userId: string | null; ref: string };
      detail: Record<string, unknown>;
    }>;
    // newest first: the erasures (patient-01 twice, therapist-1, admin-1), the creations, the clone, the export
    expect(items.map((i) => i.action)).toEqual([
      'erase',
      'erase',
      'erase',
      'erase',
      'create',
      'create',
      'clone',
      'export',
    ]);
    expect(items.every((i) => i.actor.userId === 'data-export-1' && !Number.isNaN(Date.parse(i.at)))).toBe(
      true,
    );
    expect(items.at(-1)).toMatchObject({ action: 'export', subject: { userId: null } });
    expect(items.filter((i) => i.subject.ref === items.at(-1)!.subject.ref).map((i) => i.action)).toEqual([
      'erase',
      'erase',
      'export',
    ]);
    expect(items.find((i) => i.action === 'clone')).toMatchObject({ subject: { userId: 'patient-03' } });
    expect(JSON.stringify(items)).not.toContain('patient-01');
    const first = await listActions({ pageSize: '5' });
    const next = await listActions({ pageSize: '5', lastPage: first.body.lastPage });
    expect([...first.body.items, ...next.body.items].map((i: { id: string }) => i.id)).toEqual(
      items.map((i) => i.id),
    );
    expect(next.body.lastPage).toBeNull();
    expect((await listActions({ lastPage: 'nonsense' })).res.statusCode).toBe(400);
    expect((await listActions({}, 'admin')).res.statusCode).toBe(403);
  });

  it('erase refuses other callers, bad ids and the caller’s own account', async () => {
    expect((await erase('patient-03', 'admin')).res.statusCode).toBe(403);
    expect((await erase('patient-03', 'patient2')).res.statusCode).toBe(403);
    expect((await erase(null)).res.statusCode).toBe(400);
    expect((await erase('data-export-1')).res.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('patients').select('id').where('id', '=', 'patient-03').executeTakeFirst(),
    ).toBeDefined();
  });
});
