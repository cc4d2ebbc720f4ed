import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/file-app.ts';
import { json } from '../../db/index.ts';
import { RETENTION_JOB, applyRetention, scheduleRetention } from '../../jobs/retention.ts';
import { as, createAdminTestApp, momentRow } from '../organisations/test-support.ts';
import { buildMyDataExport } from '../patient/my-data.ts';
import { researchData } from '../reporting/research-data.ts';
import { jobQueueFor } from '../reporting/routes.ts';
import { pseudonymOf } from './service.ts';
import { rowsWhere } from '../../../test/helpers.ts';

// The fixture (../organisations/test-support.ts): Tend Health (research enabled, consent required) with
// patient-01 and patient-03, Tend Health North below it (inherits) with patient-13, Elsewhere Care (no
// research) with patient-99.
const { t, op } = fileTestApp(createAdminTestApp);
const SECRET = 'research-test-secret-at-least-32-characters';
const period = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') };
const setResearch = (id: string, settings: Record<string, unknown>) =>
  t.db
    .updateTable('organisations')
    .set({ research_settings: json(settings) })
    .where('id', '=', id)
    .execute();
const m = momentRow;
const phq9 = { items: [1, 1, 1, 1, 1, 1, 1, 1, 0], total: 8, severity: 'mild' };

beforeAll(async () => {
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

describe('research consent (getResearchConsent, setResearchConsent)', () => {
  it('asks a patient of an organisation whose research needs consent once, and records the answer', async () => {
    const first = await op('patient', 'getResearchConsent');
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
    const yes = await op('patient', 'setResearchConsent', { payload: { consented: true } });
    expect(yes.res.statusCode).toBe(200);
    expect(yes.body).toMatchObject({ ask: false, consented: true, studyId: 'STUDY-9' });
    expect(typeof (yes.body as { answeredAt: unknown }).answeredAt).toBe('number');
    // Changed later (Account): the new answer replaces the old one.
    const no = await op('patient', 'setResearchConsent', { payload: { consented: false } });
    expect(no.body).toMatchObject({ ask: false, consented: false });
    await op('patient', 'setResearchConsent', { payload: { consented: true } });
  });

  it('refuses an answer where the organisation does not ask (409), and anyone but a patient (403)', async () => {
    const elsewhere = await op('elsewherePatient', 'getResearchConsent');
    expect(elsewhere.body).toMatchObject({ researchEnabled: false, ask: false, consented: null });
    const refused = await op('elsewherePatient', 'setResearchConsent', { payload: { consented: true } });
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
    const created = await op('admin', 'createReport', {
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

  it('removes the patient’s other logged data (survey answers, exercise sessions) too, keeps the clinical record, and logs the counts where the admin reads them', async () => {
    const at = new Date('2026-09-01T12:00:00Z');
    const ago = (d: number) => new Date(at.getTime() - d * 86_400_000);
    await setResearch('org-tend-health', {
      researchEnabled: true,
      consentRequired: true,
      dataRetentionDays: 30,
    });
    await t.db.deleteFrom('organisation_audit').where('action', '=', 'retention_applied').execute();
    // Only this test's records are older than the cutoff.
    await t.db.deleteFrom('retention_log').execute();
    await t.db.deleteFrom('moments').where('start_at', '<', ago(30)).execute();
    await t.db
      .insertInto('moments')
      .values([
        m('ret-old-journal', 'patient-03', 'journal', ago(40), { text: 'old words' }),
        m('ret-new-journal', 'patient-03', 'journal', ago(5), { text: 'new words' }),
        // The care team's note: part of the clinical record.
        { ...m('ret-old-note', 'patient-03', 'note', ago(40), { text: 'note' }), created_by: 'therapist-1' },
      ])
      .execute();
    await t.db
      .insertInto('onboarding_survey_responses')
      .values([
        {
          id: 'ret-old-survey',
          patient_id: 'patient-03',
          url_suffix: 'welcome',
          survey_id: null,
          response_data: json({ a: 1 }),
          completed_at: ago(40),
        },
        {
          id: 'ret-new-survey',
          patient_id: 'patient-03',
          url_suffix: 'welcome',
          survey_id: null,
          response_data: json({ a: 2 }),
          completed_at: ago(5),
        },
        // Elsewhere Care sets no retention: kept whatever its age.
        {
          id: 'ret-elsewhere-survey',
          patient_id: 'patient-99',
          url_suffix: 'welcome',
          survey_id: null,
          response_data: json({ a: 3 }),
          completed_at: ago(400),
        },
      ])
      .execute();
    await t.db
      .insertInto('reward_sessions')
      .values([
        {
          patient_id: 'patient-03',
          session_id: 'ret-old-session',
          points: 5,
          is_recommended: false,
          duration_seconds: 60,
          created_at: ago(40),
        },
        {
          patient_id: 'patient-03',
          session_id: 'ret-new-session',
          points: 5,
          is_recommended: false,
          duration_seconds: 60,
          created_at: ago(5),
        },
      ])
      .execute();
    // Old clinical communication and the safety plan: kept.
    await t.db
      .insertInto('chat_sessions')
      .values({
        id: 'ret-old-chat',
        patient_id: 'patient-03',
        therapist_id: null,
        status: 'ended',
        emergency: false,
        transport: null,
        created_at: ago(40),
        ended_at: ago(40),
      })
      .execute();
    await t.db
      .insertInto('chat_messages')
      .values({
        id: 'ret-old-message',
        session_id: 'ret-old-chat',
        sender_id: 'patient-03',
        body: 'Hello',
        created_at: ago(40),
        edited_at: null,
      })
      .execute();
    await t.db
      .insertInto('cloud_documents')
      .values({
        owner_id: 'patient-03',
        name: 'safety-plan',
        data_structure_version: 1,
        content: json({ reasons: 'my dog' }),
        timestamp: ago(400).getTime(),
        updated_at: ago(400),
      })
      .execute();

    const results = await applyRetention(t.db, at);
    expect(results.find((r) => r.organisationId === 'org-tend-health')).toMatchObject({
      retentionDays: 30,
      momentsRemoved: 1,
      surveyResponsesRemoved: 1,
      rewardSessionsRemoved: 1,
    });
    const ids = async (
      table: 'moments' | 'onboarding_survey_responses' | 'chat_sessions' | 'chat_messages',
    ) =>
      (await t.db.selectFrom(table).select('id').where('id', 'like', 'ret-%').execute())
        .map((r) => r.id)
        .sort();
    expect(await ids('moments')).toEqual(['ret-new-journal', 'ret-old-note']);
    expect(await ids('onboarding_survey_responses')).toEqual(['ret-elsewhere-survey', 'ret-new-survey']);
    expect(
      (await rowsWhere(t.db, 'reward_sessions', { patient_id: 'patient-03' })).map((r) => r.session_id),
    ).toEqual(['ret-new-session']);
    expect(await ids('chat_sessions')).toEqual(['ret-old-chat']);
    expect(await ids('chat_messages')).toEqual(['ret-old-message']);
    expect(
      await t.db
        .selectFrom('cloud_documents')
        .select('name')
        .where('owner_id', '=', 'patient-03')
        .where('name', '=', 'safety-plan')
        .execute(),
    ).toHaveLength(1);

    // The retention log counts each kind; the audit log (the admin console's) says what was removed, by nobody.
    const log = await t.db
      .selectFrom('retention_log')
      .selectAll()
      .where('organisation_id', '=', 'org-tend-health')
      .execute();
    expect(
      log.map((l) => [
        l.retention_days,
        l.moments_removed,
        l.survey_responses_removed,
        l.reward_sessions_removed,
      ]),
    ).toEqual([[30, 1, 1, 1]]);
    const audit = await op('admin', 'listOrganisationAudit', { params: { organisation: 'org-tend-health' } });
    expect(audit.res.statusCode, JSON.stringify(audit.body)).toBe(200);
    const entry = audit.body.items.find((e: { action: string }) => e.action === 'retention_applied');
    expect(entry).toMatchObject({
      actorId: null,
      detail: { retentionDays: 30, momentsRemoved: 1, surveyResponsesRemoved: 1, rewardSessionsRemoved: 1 },
    });
    // A run that removes nothing is logged, without an audit entry.
    await applyRetention(t.db, at);
    const again = await op('admin', 'listOrganisationAudit', { params: { organisation: 'org-tend-health' } });
    expect(again.body.items.filter((e: { action: string }) => e.action === 'retention_applied')).toHaveLength(
      1,
    );
    expect(await rowsWhere(t.db, 'retention_log', { organisation_id: 'org-tend-health' })).toHaveLength(2);
  });

  it('the patient’s own export says what the retention is and what they answered', async () => {
    const exported = await buildMyDataExport(t.db, 'patient-01');
    const files = unzipSync(exported.zip);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain(
      'keeps what you log (moments, survey answers and exercise\nsessions) for 30 days',
    );
    expect(readme).toContain(
      "Your chats, your safety plan, your goals and your\ntherapists' notes are not removed",
    );
    expect(readme).toContain('Research: you agreed');
    const account = JSON.parse(strFromU8(files['account.json']!)) as { research: unknown };
    expect(account.research).toMatchObject({ consented: true, dataRetentionDays: 30 });
  });
});
