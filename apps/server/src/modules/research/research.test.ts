import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { json } from '../../db/index.ts';
import { RETENTION_JOB, applyRetention, scheduleRetention } from '../../jobs/retention.ts';
import { as, caller, createAdminTestApp } from '../organisations/test-support.ts';
import { buildMyDataExport } from '../patient/my-data.ts';
import { researchData } from '../reporting/research-data.ts';
import { jobQueueFor } from '../reporting/routes.ts';
import { pseudonymOf } from './service.ts';

// The fixture (../organisations/test-support.ts): Tend Health (research enabled, consent required) with
// patient-01 and patient-03, Tend Health North below it (inherits) with patient-13, Elsewhere Care (no
// research) with patient-99.
let t: TestApp;
let call: ReturnType<typeof caller>;
const SECRET = 'research-test-secret-at-least-32-characters';
const period = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') };
const setResearch = (id: string, settings: Record<string, unknown>) =>
  t.db
    .updateTable('organisations')
    .set({ research_settings: json(settings) })
    .where('id', '=', id)
    .execute();
const m = (id: string, patient: string, type: string, at: Date | string, body: Record<string, unknown>) => ({
  id,
  patient_id: patient,
  event_type: type,
  body: json(body),
  start_at: new Date(at),
  end_at: new Date(at),
});
const phq9 = { items: [1, 1, 1, 1, 1, 1, 1, 1, 0], total: 8, severity: 'mild' };

beforeAll(async () => {
  t = await createAdminTestApp();
  call = caller(t);
  await setResearch('org-tend-health', { researchEnabled: true, consentRequired: true, studyId: 'STUDY-9' });
  await t.db
    .insertInto('moments')
    .values([
      m('r1', 'patient-01', 'phq9', '2026-01-05T10:00:00Z', phq9),
      m('r2', 'patient-01', 'journal', '2026-01-05T11:00:00Z', { text: 'private words' }),
      m('r3', 'patient-01', 'quiz', '2026-01-06T10:00:00Z', {
        quizId: 'understanding-anxiety',
        score: 4,
        maxScore: 5,
        answers: [{ questionId: 'q1', answer: 'free text answer' }],
      }),
      m('r4', 'patient-03', 'gad7', '2026-01-07T10:00:00Z', { items: [1, 1, 1, 1, 1, 1, 1], total: 7 }),
      m('r5', 'patient-13', 'phq9', '2026-01-08T10:00:00Z', phq9),
      m('r6', 'patient-99', 'phq9', '2026-01-09T10:00:00Z', phq9),
    ])
    .execute();
});
afterAll(() => t.close());

describe('research consent (getResearchConsent, setResearchConsent)', () => {
  it('asks a patient of an organisation whose research needs consent once, and records the answer', async () => {
    const first = await call('getResearchConsent', {
      method: 'GET',
      url: '/patient/research-consent',
      headers: as('patient'),
    });
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toEqual({
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-9',
      anonymiseExports: false,
      ask: true,
      consented: null,
      answeredAt: null,
      dataRetentionDays: null,
    });
    const yes = await call('setResearchConsent', {
      method: 'PUT',
      url: '/patient/research-consent',
      headers: as('patient'),
      payload: { consented: true },
    });
    expect(yes.res.statusCode).toBe(200);
    expect(yes.body).toMatchObject({ ask: false, consented: true, studyId: 'STUDY-9' });
    expect(typeof (yes.body as { answeredAt: unknown }).answeredAt).toBe('number');
    // Changed later (Account): the new answer replaces the old one.
    const no = await call('setResearchConsent', {
      method: 'PUT',
      url: '/patient/research-consent',
      headers: as('patient'),
      payload: { consented: false },
    });
    expect(no.body).toMatchObject({ ask: false, consented: false });
    await call('setResearchConsent', {
      method: 'PUT',
      url: '/patient/research-consent',
      headers: as('patient'),
      payload: { consented: true },
    });
  });

  it('refuses an answer where the organisation does not ask (409), and anyone but a patient (403)', async () => {
    const elsewhere = await call('getResearchConsent', {
      method: 'GET',
      url: '/patient/research-consent',
      headers: as('elsewherePatient'),
    });
    expect(elsewhere.body).toMatchObject({ researchEnabled: false, ask: false, consented: null });
    const refused = await call('setResearchConsent', {
      method: 'PUT',
      url: '/patient/research-consent',
      headers: as('elsewherePatient'),
      payload: { consented: true },
    });
    expect(refused.res.statusCode).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/does not run research/);
    const therapist = await t.app.inject({
      method: 'GET',
      url: '/patient/research-consent',
      headers: as('therapist'),
    });
    expect(therapist.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/patient/research-consent',
      headers: as('patient'),
      payload: { consented: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the research-data report: consent filter and anonymisation', () => {
  const ids = ['org-tend-health', 'org-tend-north', 'org-elsewhere'];

  it('includes only consenting patients of organisations with research, tagged with the study id, anonymised', async () => {
    // patient-01 said yes (above); patient-03 has not answered; patient-13 (north, inherited) says no.
    await t.db
      .insertInto('research_consents')
      .values({
        patient_id: 'patient-13',
        organisation_id: 'org-tend-north',
        study_id: 'STUDY-9',
        consented: false,
      })
      .execute();
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-9',
      anonymiseExports: true,
    });
    const table = await researchData(t.db, ids, period, { secret: SECRET });
    expect(table.header).toEqual([
      'study_id',
      'participant',
      'organisation_id',
      'instrument',
      'date',
      'score',
      'max_score',
      'band',
    ]);
    const participant = pseudonymOf(SECRET, 'STUDY-9', 'patient-01');
    expect(participant).toMatch(/^P-[0-9a-f]{16}$/);
    expect(table.rows).toEqual([
      ['STUDY-9', participant, 'org-tend-health', 'phq9', '2026-01-05', 8, 27, 'mild'],
      ['STUDY-9', participant, 'org-tend-health', 'quiz:understanding-anxiety', '2026-01-06', 4, 5, ''],
    ]);
    // No names, e-mails, ids or free text anywhere.
    const text = JSON.stringify(table);
    for (const secret of ['patient-01', 'Sam', 'patient-01@example.com', 'private words', 'free text answer'])
      expect(text).not.toContain(secret);
    // Stable: the same participant id in every report of the study; another study gets another.
    expect((await researchData(t.db, ids, period, { secret: SECRET })).rows[0]![1]).toBe(participant);
    expect(pseudonymOf(SECRET, 'STUDY-10', 'patient-01')).not.toBe(participant);
  });

  it('names the patients when the organisation does not anonymise, still only those who consented', async () => {
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-9',
    });
    const table = await researchData(t.db, ids, period, { secret: SECRET });
    expect(table.header).toContain('email');
    expect(table.rows.map((r) => r.slice(2, 6))).toEqual([
      ['patient-01', 'Sam', 'Patient', 'patient-01@example.com'],
      ['patient-01', 'Sam', 'Patient', 'patient-01@example.com'],
    ]);
    expect(JSON.stringify(table)).not.toContain('free text answer');
  });

  it('without consent required, every patient of a researching organisation is in it; none without research', async () => {
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: false,
      anonymiseExports: true,
    });
    const table = await researchData(t.db, ids, period, { secret: SECRET });
    expect(new Set(table.rows.map((r) => r[2]))).toEqual(new Set(['org-tend-health', 'org-tend-north']));
    expect(table.rows).toHaveLength(4);
    await setResearch('org-tend-health', {});
    expect((await researchData(t.db, ids, period, { secret: SECRET })).rows).toEqual([]);
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-9',
    });
  });

  it('is a report an administrator asks for like the others (reporting, CSV)', async () => {
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-9',
      anonymiseExports: true,
    });
    const created = await call('createReport', {
      method: 'POST',
      url: '/reporting',
      headers: as('admin'),
      payload: {
        name: 'Study export',
        type: 'research-data',
        organisationIds: ['org-tend-health'],
        from: '2026-01-01',
        to: '2026-02-01',
        includeChildren: true,
      },
    });
    expect(created.res.statusCode).toBeLessThan(300);
    await jobQueueFor(t.db)!.runDue();
    const report = await t.db
      .selectFrom('reports')
      .select(['status', 'csv', 'row_count'])
      .where('name', '=', 'Study export')
      .executeTakeFirstOrThrow();
    expect(report.status).toBe('succeeded');
    expect(report.row_count).toBe(2);
    expect(report.csv).toContain('STUDY-9');
    expect(report.csv).not.toContain('patient-01');
  });
});

describe('data retention (dataRetentionDays)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it('removes the moments older than the retention of the patient’s organisation, and logs it', async () => {
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      dataRetentionDays: 30,
    });
    await t.db
      .insertInto('moments')
      .values([
        m('old-health', 'patient-01', 'checkup', daysAgo(31), { mood: 3 }),
        m('new-health', 'patient-01', 'checkup', daysAgo(29), { mood: 3 }),
        m('old-north', 'patient-13', 'checkup', daysAgo(45), { mood: 3 }),
        m('old-elsewhere', 'patient-99', 'checkup', daysAgo(400), { mood: 3 }),
      ])
      .execute();
    const results = await applyRetention(t.db, now);
    expect(results.map((r) => [r.organisationId, r.retentionDays])).toEqual([
      ['org-tend-health', 30],
      ['org-tend-north', 30],
    ]);
    const left = (await t.db.selectFrom('moments').select('id').execute()).map((r) => r.id);
    expect(left).toContain('new-health');
    expect(left).toContain('old-elsewhere'); // no retention set there
    expect(left).not.toContain('old-health');
    expect(left).not.toContain('old-north');
    // The January results are older than 30 days too: gone with them.
    expect(left).not.toContain('r1');
    const log = await t.db.selectFrom('retention_log').selectAll().orderBy('organisation_id').execute();
    expect(log.map((l) => [l.organisation_id, l.retention_days, l.moments_removed])).toEqual([
      ['org-tend-health', 30, 5], // r1 to r4 (January) and old-health
      ['org-tend-north', 30, 2],
    ]);
  });

  it('is scheduled once a day across servers, and runs as a job of the queue', async () => {
    const day = new Date('2026-06-02T03:00:00Z');
    // Two servers' ticks on the same day: one schedules it, the other sees it done.
    const [a, b] = await Promise.all([scheduleRetention(t, day), scheduleRetention(t, day)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await scheduleRetention(t, new Date('2026-06-02T23:00:00Z'))).toBe(false);
    const jobs = await t.db.selectFrom('jobs').select(['status']).where('kind', '=', RETENTION_JOB).execute();
    expect(jobs).toEqual([{ status: 'queued' }]);
    await t.db
      .insertInto('moments')
      .values(m('old-again', 'patient-01', 'checkup', new Date(day.getTime() - 40 * 86_400_000), { mood: 2 }))
      .execute();
    await jobQueueFor(t.db)!.runDue();
    expect(
      await t.db.selectFrom('jobs').select(['status']).where('kind', '=', RETENTION_JOB).execute(),
    ).toEqual([{ status: 'succeeded' }]);
    expect(
      await t.db.selectFrom('moments').select('id').where('id', '=', 'old-again').executeTakeFirst(),
    ).toBeUndefined();
    // The next day is scheduled again.
    expect(await scheduleRetention(t, new Date('2026-06-03T00:10:00Z'))).toBe(true);
  });

  it('the patient’s own export says what the retention is and what they answered', async () => {
    const exported = await buildMyDataExport(t.db, 'patient-01');
    const files = unzipSync(exported.zip);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('your organisation keeps moments for 30 days');
    expect(readme).toContain('Research: you agreed');
    const account = JSON.parse(strFromU8(files['account.json']!)) as { research: unknown };
    expect(account.research).toMatchObject({ consented: true, dataRetentionDays: 30 });
  });
});
