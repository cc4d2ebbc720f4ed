// GET /patient/my-data/export: the patient's own data as one ZIP, after a recent sign-in, logged; nothing of
// any other person in it (two patients of the same organisation and care team, with traps: the other patient
// naming this one's address, a therapist's private note, the other patient's chats and moments).
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../db/index.ts';
import type { AuthUser, ResolveUser } from '../../http/types.ts';
import { callContract, type TestApp } from '../../../test/helpers.ts';
import { createMatrixApp, matrixResolveUser } from '../../../test/role-matrix/roles.ts';
import { momentText } from './my-data.ts';

const A = 'patient-01';
const B = 'patient-03';
let t: TestApp;

/** The matrix's callers (fresh sessions) plus patient A with a sign-in 20 minutes old. */
const resolveUser: ResolveUser = async (request: FastifyRequest, deps) => {
  if (request.headers['x-test-user'] === 'staleA') {
    const old = Math.floor(Date.now() / 1000) - 20 * 60;
    return {
      uid: A,
      email: 'patient@example.com',
      scopes: ['patient'],
      roles: ['patient'],
      claims: {
        scopes: ['patient'],
        mfa: false,
        reauthAt: old,
        authTime: old,
        signInProvider: 'custom',
        adminOf: [],
      },
    } as AuthUser;
  }
  return matrixResolveUser(request, deps);
};

/** A patient's safety plan naming one warning sign. */
const safetyPlan = (owner: string, warningSign: string) => ({
  owner_id: owner,
  name: 'safety-plan',
  data_structure_version: 1,
  content: json({ sections: { warningSigns: [warningSign] } }),
  timestamp: 1000,
});
/** A patient's goals document with one goal, not achieved. */
const goals = (patientId: string, text: string, at: Date) => ({
  patient_id: patientId,
  document_id: 'goals',
  data: json({ goals: { g1: { text, achieved: false, createdAt: at.toISOString() } } }),
  etag: '"g"',
});
/** A patient's answers to the welcome survey. */
const welcomeAnswers = (id: string, patientId: string, hopes: string) => ({
  id,
  patient_id: patientId,
  url_suffix: 'welcome',
  survey_id: null,
  response_data: json({ hopes }),
});

beforeAll(async () => {
  t = await createMatrixApp({ resolveUser });
  const at = new Date('2026-02-03T09:30:00Z');
  await t.db
    .insertInto('moments')
    .values([
      {
        id: 'a-journal-export',
        patient_id: A,
        event_type: 'journal',
        body: json({ text: 'A walk by the river helped' }),
        start_at: at,
        end_at: at,
        created_by: A,
      },
      {
        id: 'a-private-note',
        patient_id: A,
        event_type: 'note',
        body: json({ text: 'PRIVATE-NOTE-TEXT', authorId: 'therapist-1' }),
        start_at: at,
        end_at: at,
        created_by: 'therapist-1',
      },
      {
        id: 'a-shared-note',
        patient_id: A,
        event_type: 'note',
        body: json({ text: 'Shared plan for next week', visibleToPatient: true, authorId: 'therapist-1' }),
        start_at: at,
        end_at: at,
        created_by: 'therapist-1',
      },
      {
        id: 'b-journal-secret',
        patient_id: B,
        event_type: 'journal',
        body: json({ text: 'MAYA-ONLY-TEXT' }),
        start_at: at,
        end_at: at,
        created_by: B,
      },
    ])
    .execute();
  // The same three records for each patient: A's own, and B's, which A's export must never show.
  await t.db
    .insertInto('cloud_documents')
    .values([safetyPlan(A, 'Not sleeping'), safetyPlan(B, 'MAYA-PLAN')])
    .execute();
  await t.db
    .insertInto('patient_metadata')
    .values([goals(A, 'Sleep better', at), goals(B, 'MAYA-GOAL', at)])
    .execute();
  await t.db
    .insertInto('onboarding_survey_responses')
    .values([welcomeAnswers('resp-a', A, 'Feel calmer'), welcomeAnswers('resp-b', B, 'MAYA-HOPES')])
    .execute();
  await t.db
    .insertInto('chat_sessions')
    .values({
      id: 'chat-b-export',
      patient_id: B,
      therapist_id: 'therapist-1',
      status: 'active',
      emergency: false,
    })
    .execute();
  await t.db
    .insertInto('chat_messages')
    .values({ id: 'msg-b-export', session_id: 'chat-b-export', sender_id: B, body: 'MAYA-CHAT-MESSAGE' })
    .execute();
  await t.db.insertInto('push_tokens').values({ token: 'A-DEVICE-TOKEN', user_id: A }).execute();
  // A table a later migration adds, where the other patient names this patient's address as their contact.
  await sql`create table emergency_contacts (id text primary key, patient_id text not null, contact_email text not null, note text)`.execute(
    t.db,
  );
  await sql`insert into emergency_contacts values ('c1', ${B}, 'patient@example.com', 'MAYA-CONTACT-NOTE'), ('c2', ${A}, 'friend@example.org', 'my friend')`.execute(
    t.db,
  );
});
afterAll(() => t.close());

async function exportAs(user: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/patient/my-data/export',
    headers: { 'x-test-user': user },
  });
  return res;
}

function unzip(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('exporting my own data', () => {
  it('answers a ZIP of JSON files and a readable CSV of moments, and logs the export', async () => {
    const res = await exportAs('patientA');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tend-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'chats.json',
        'cloud-documents.json',
        'metadata.json',
        'moments.csv',
        'moments.json',
        'other.json',
        'safety-plan.json',
        'surveys.json',
      ].sort(),
    );
    const account = JSON.parse(files['account.json']!);
    expect(account.organisation).toBe('Tend Health');
    expect(account.patients[0]).toMatchObject({ id: A, first_name: 'Sam' });
    // The care team by name only.
    expect(account.care_team.map((r: { therapist_id: string }) => r.therapist_id).sort()).toEqual([
      'Alex Morgan',
      'Priya Shah',
    ]);
    const moments = JSON.parse(files['moments.json']!).moments as Array<{ id: string }>;
    expect(moments.map((m) => m.id)).toEqual(expect.arrayContaining(['a-journal-export', 'a-shared-note']));
    expect(moments.map((m) => m.id)).not.toContain('a-private-note');
    expect(files['moments.csv']!.split('\r\n')[0]).toBe(
      'start (UTC),end (UTC),type,moment id,written by,content',
    );
    expect(files['moments.csv']).toContain('a-journal-export,me,text: A walk by the river helped');
    expect(files['moments.csv']).toContain('a-shared-note,Alex Morgan,');
    expect(JSON.parse(files['safety-plan.json']!).content.sections.warningSigns).toEqual(['Not sleeping']);
    // The goals document (the seed also holds a preferences document: the first run behind them).
    const documents = JSON.parse(files['metadata.json']!).patient_metadata as Array<{
      document_id: string;
      data: { goals?: Record<string, { text: string }> };
    }>;
    expect(documents.find((d) => d.document_id === 'goals')?.data.goals?.g1?.text).toBe('Sleep better');
    expect(JSON.parse(files['surveys.json']!).onboarding_survey_responses[0].response_data).toEqual({
      hopes: 'Feel calmer',
    });
    const chats = JSON.parse(files['chats.json']!).chats as Array<{
      with: string;
      messages: Array<{ from: string }>;
    }>;
    expect(chats.length).toBeGreaterThan(0);
    expect(new Set(chats.flatMap((c) => c.messages.map((m) => m.from)))).toEqual(
      new Set(['me', 'Alex Morgan']),
    );
    expect(JSON.parse(files['other.json']!).emergency_contacts).toEqual([
      { id: 'c2', patient_id: A, contact_email: null, note: 'my friend' },
    ]);
    const log = await t.db.selectFrom('personal_data_exports').selectAll().where('user_id', '=', A).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ size_bytes: res.rawPayload.length, files: Object.keys(files).length });
  });

  it('holds nothing of any other person: not the other patient, not the care team by id or address, no credentials', async () => {
    const files = unzip((await exportAs('patientA')).rawPayload);
    const everything = Object.values(files).join('\n').toLowerCase();
    const b = await t.db
      .selectFrom('patients')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', B)
      .executeTakeFirstOrThrow();
    const therapists = await t.db.selectFrom('therapists').select(['id', 'email']).execute();
    const forbidden = [
      B,
      b.email,
      `${b.first_name} ${b.last_name}`,
      'MAYA-ONLY-TEXT',
      'MAYA-PLAN',
      'MAYA-GOAL',
      'MAYA-HOPES',
      'MAYA-CONTACT-NOTE',
      'PRIVATE-NOTE-TEXT',
      'A-DEVICE-TOKEN',
      'MAYA-CHAT-MESSAGE',
      ...therapists.flatMap((th) => [`"${th.id}"`, th.email]),
    ];
    for (const value of forbidden) {
      const at = everything.indexOf(value.toLowerCase());
      expect(at, `${value} in …${everything.slice(Math.max(0, at - 600), at + 200)}`).toBe(-1);
    }
    // And B's own export holds B's, not A's.
    const bFiles = unzip((await exportAs('patientB')).rawPayload);
    expect(Object.values(bFiles).join('\n')).toContain('MAYA-ONLY-TEXT');
    expect(Object.values(bFiles).join('\n')).not.toContain('A walk by the river helped');
  });

  it('needs a recent sign-in (401 reauthentication_required) and the patient scope', async () => {
    const stale = await callContract(t.app, 'exportMyData', {
      method: 'GET',
      url: '/patient/my-data/export',
      headers: { 'x-test-user': 'staleA' },
    });
    expect(stale.res.statusCode).toBe(401);
    expect(stale.body.code).toBe('reauthentication_required');
    expect((await exportAs('lead')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/patient/my-data/export' })).statusCode).toBe(401);
  });
});

describe('momentText', () => {
  it('writes a moment body as readable words', () => {
    expect(momentText({ mood: 4, feelings: ['calm', 'tired'], note: '' })).toBe(
      'mood: 4; feelings: calm, tired',
    );
    expect(momentText({ answers: [{ q: 1, a: 2 }] })).toBe('answers 1.q: 1; answers 1.a: 2');
    expect(momentText(null)).toBe('');
  });
});
