import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/file-app.ts';
import { json } from '../../db/index.ts';
import { createAdminTestApp, momentRow } from '../organisations/test-support.ts';
import { csvCell, toCsv, type Cell } from './csv.ts';
import { jobQueueFor } from './routes.ts';
import { REQUESTER_ERASED } from './service.ts';
import { nextRun, scheduledPeriod } from './scheduler.ts';

const { t, op } = fileTestApp(createAdminTestApp);
const runJobs = () => jobQueueFor(t.db)!.tick();

beforeAll(async () => {
  const m = momentRow;
  await t.db
    .insertInto('moments')
    .values([
      m('m1', 'patient-01', 'journal', '2026-01-05T10:00:00Z'),
      m('m2', 'patient-01', 'checkup', '2026-01-06T10:00:00Z', { mood: 3 }),
      m('m3', 'patient-01', 'phq9', '2026-01-07T10:00:00Z', {
        items: [3, 3, 3, 3, 2, 2, 2, 2, 2],
        total: 22,
      }),
      m('m4', 'patient-03', 'gad7', '2026-01-14T10:00:00Z', { items: [1, 1, 0, 0, 1, 0, 0] }),
      m('m5', 'patient-13', 'journal', '2026-01-20T10:00:00Z'),
      m('m6', 'patient-99', 'journal', '2026-01-20T10:00:00Z'),
      m('m7', 'patient-01', 'journal', '2026-03-01T10:00:00Z'),
    ])
    .execute();
  await t.db
    .insertInto('chat_sessions')
    .values({
      id: 'c1',
      patient_id: 'patient-01',
      therapist_id: 'therapist-1',
      status: 'ended',
      emergency: true,
      created_at: new Date('2026-01-08T09:00:00Z'),
    })
    .execute();
  await t.db
    .insertInto('chat_messages')
    .values([
      {
        id: 'cm1',
        session_id: 'c1',
        sender_id: 'patient-01',
        body: 'hello',
        created_at: new Date('2026-01-08T09:01:00Z'),
      },
      {
        id: 'cm2',
        session_id: 'c1',
        sender_id: 'therapist-1',
        body: 'hi',
        created_at: new Date('2026-01-08T09:02:00Z'),
      },
    ])
    .execute();
  await t.db
    .insertInto('onboarding_survey_responses')
    .values({
      id: 'r1',
      patient_id: 'patient-13',
      url_suffix: 'welcome',
      survey_id: null,
      response_data: json({}),
      completed_at: new Date('2026-01-09T00:00:00Z'),
    })
    .execute();
});

const january = { from: '2026-01-01', to: '2026-02-01' };
const create = (user: string | null, payload: Record<string, unknown>) =>
  op(user, 'createReport', { payload });
/** The report as the admin sees it, and the admin's retry of it. */
const getReport = (reportId: string, user = 'admin') => op(user, 'getReport', { params: { reportId } });
const retry = (reportId: string, user = 'admin') => op(user, 'retryReport', { params: { reportId } });
const zip = (reportIds: string[], user = 'admin') => op(user, 'zipReports', { payload: { reportIds } });
const csvOf = async (reportId: string) => {
  const res = await zip([reportId]);
  expect(res.res.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(res.res.rawPayload));
  return Object.values(files).map((f) => strFromU8(f))[0]!;
};

describe('CSV', () => {
  it('quotes as RFC 4180 says and neutralises formula cells', () => {
    // Each cell as given, and as the CSV must write it.
    const cells: Array<[Cell, string]> = [
      ['plain', 'plain'],
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['two\r\nlines', '"two\r\nlines"'],
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+1', "'+1"],
      ['-1', "'-1"],
      ['@cmd', "'@cmd"],
      ['\tx', "'\tx"],
      ['\rx', '"\'\rx"'],
      ['=a,b', '"\'=a,b"'],
      [-1, '-1'],
      [null, ''],
    ];
    for (const [cell, written] of cells) expect(csvCell(cell), JSON.stringify(cell)).toBe(written);
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, '=y'],
        ],
      ),
    ).toBe("a,b\r\n1,x\r\n,'=y\r\n");
  });
});

describe('reports', () => {
  let usageId = '';

  it('queues a report that the job queue runs over real data, zipped as CSV', async () => {
    const res = await create('admin', {
      name: 'January usage',
      type: 'usage',
      organisationIds: ['org-tend-health'],
      ...january,
    });
    expect(res.res.statusCode).toBe(201);
    expect(res.body).toMatchObject({
      status: 'queued',
      name: 'January usage',
      organisationIds: ['org-tend-health'],
      from: '2026-01-01',
      to: '2026-02-01',
      rowCount: null,
      attempts: 0,
    });
    usageId = res.body.reportId;
    const notReady = await zip([usageId]);
    expect(notReady.res.statusCode).toBe(409);
    expect(notReady.body.code).toBe('not_ready');
    await runJobs();
    const done = await getReport(usageId);
    expect(done.body).toMatchObject({ status: 'succeeded', rowCount: 2, attempts: 1, error: null });
    expect(await csvOf(usageId)).toBe(
      'organisation_id,organisation_name,patients,active_patients,therapists,moments,journals,checkups,screenings\r\n' +
        'org-tend-health,Tend Health,2,2,1,4,1,1,2\r\n' +
        'org-tend-north,Tend Health North,1,1,1,1,1,0,0\r\n',
    );
  });

  it('every report type aggregates the period; names starting with = are neutralised in the CSV', async () => {
    await t.db
      .updateTable('organisations')
      .set({ name: '=HYPERLINK("http://evil")' })
      .where('id', '=', 'org-tend-north')
      .execute();
    const ids: Record<string, string> = {};
    for (const type of ['screening-outcomes', 'engagement', 'chat-activity', 'survey-responses']) {
      ids[type] = (
        await create('admin', { name: `Jan ${type}`, type, organisationIds: ['org-tend-health'], ...january })
      ).body.reportId;
    }
    await runJobs();
    const screening = await csvOf(ids['screening-outcomes']!);
    expect(screening).toContain('org-tend-health,Tend Health,phq9,severe,1,1\r\n');
    expect(screening).toContain('org-tend-health,Tend Health,gad7,minimal,1,1\r\n');
    expect(screening).toContain('org-tend-north,"\'=HYPERLINK(""http://evil"")",phq9,minimal,0,0\r\n');
    const engagement = await csvOf(ids.engagement!);
    // organisations by name ('=' sorts before 'T'), then weeks
    expect(engagement.split('\r\n').slice(1, 4)).toEqual([
      'org-tend-north,"\'=HYPERLINK(""http://evil"")",2026-01-19,1,1,1',
      'org-tend-health,Tend Health,2026-01-05,1,3,3',
      'org-tend-health,Tend Health,2026-01-12,1,1,1',
    ]);
    expect(await csvOf(ids['chat-activity']!)).toContain('org-tend-health,Tend Health,1,1,1,1,1,1\r\n');
    expect(await csvOf(ids['survey-responses']!)).toContain(',welcome,,1,1\r\n');
    await t.db
      .updateTable('organisations')
      .set({ name: 'Tend Health North' })
      .where('id', '=', 'org-tend-north')
      .execute();
  });

  it('refuses organisations the admin does not run, bad periods and other callers', async () => {
    const health = { name: 'x', type: 'usage', organisationIds: ['org-tend-health'] };
    const refused: Array<[user: string | null, payload: Record<string, unknown>, status: number]> = [
      ['otherAdmin', { ...health, ...january }, 403],
      ['patient', { ...health, ...january }, 403],
      [null, { ...health, ...january }, 401],
      ['admin', { ...health, from: '2026-02-01', to: '2026-01-01' }, 400],
      ['admin', { ...health, from: '2024-01-01', to: '2026-01-01' }, 400],
      ['admin', { ...health, type: 'sales', ...january }, 400],
      ['admin', { ...health, organisationIds: [], ...january }, 400],
    ];
    for (const [user, payload, status] of refused) {
      expect((await create(user, payload)).res.statusCode, `${user} ${JSON.stringify(payload)}`).toBe(status);
    }
    expect((await getReport(usageId, 'otherAdmin')).res.statusCode).toBe(404);
    // a report over the parent is not visible to an administrator of the child only
    expect((await getReport(usageId, 'northAdmin')).res.statusCode).toBe(404);
    expect((await getReport('nope')).res.statusCode).toBe(404);
    expect((await getReport('x'.repeat(65))).res.statusCode).toBe(400);
    expect((await retry('x'.repeat(65))).res.statusCode).toBe(400);
    expect((await retry(usageId, 'patient')).res.statusCode).toBe(403);
    expect(
      await op.status('admin', 'renameReport', {
        params: { reportId: 'x'.repeat(65) },
        payload: { name: 'x' },
      }),
    ).toBe(400);
    expect((await zip([usageId], 'otherAdmin')).res.statusCode).toBe(404);
    expect((await zip([])).res.statusCode).toBe(400);
  });

  it('pages newest first with the cursor, only over organisations the admin administers', async () => {
    const all = (await op('admin', 'listReports', { query: { limit: '100' } })).body;
    expect(all.paginationCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: { items: Array<{ reportId: string }>; paginationCursor: string | null } } =
        await op('admin', 'listReports', {
          query: { limit: '2', ...(cursor ? { paginationCursor: cursor } : {}) },
        });
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((r) => r.reportId));
      cursor = page.body.paginationCursor;
    }
    expect(seen).toEqual(all.items.map((r: { reportId: string }) => r.reportId));
    expect(seen.length).toBeGreaterThan(2);
    const north = await create('northAdmin', {
      name: 'North only',
      type: 'usage',
      organisationIds: ['org-tend-north'],
      ...january,
    });
    expect(
      (await op('northAdmin', 'listReports')).body.items.map((r: { reportId: string }) => r.reportId),
    ).toEqual([north.body.reportId]);
    expect(await op.status('admin', 'listReports', { query: { paginationCursor: 'not a cursor' } })).toBe(
      400,
    );
    expect(await op.status('admin', 'listReports', { query: { limit: '101' } })).toBe(400);
    await runJobs();
  });

  it("a report whose requester was erased before it ran fails; a retry runs it in the retrier's name", async () => {
    const id = (
      await create('northAdmin', {
        name: 'Orphan',
        type: 'usage',
        organisationIds: ['org-tend-north'],
        ...january,
      })
    ).body.reportId;
    // what erasing the account does to the reports it asked for (users-data eraseUser: created_by is cleared)
    await t.db.updateTable('reports').set({ created_by: null }).where('id', '=', id).execute();
    await runJobs();
    const failed = await getReport(id);
    expect(failed.body).toMatchObject({ status: 'failed', error: REQUESTER_ERASED, attempts: 1 });
    expect((await retry(id)).body.status).toBe('queued');
    await runJobs();
    expect((await getReport(id)).body).toMatchObject({ status: 'succeeded', attempts: 2, rowCount: 1 });
    const row = await t.db
      .selectFrom('reports')
      .select('created_by')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).not.toBeNull();
  });

  it('validates without queuing', async () => {
    const countReports = async () =>
      (
        await t.db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await countReports();
    const ok = await op('admin', 'validateReport', {
      payload: { name: 'x', type: 'usage', organisationIds: ['org-tend-north'], ...january },
    });
    expect(ok.body).toEqual({ valid: true, problems: [] });
    const bad = await op('northAdmin', 'validateReport', {
      payload: {
        name: 'x',
        type: 'usage',
        organisationIds: ['org-tend-health'],
        from: '2026-02-01',
        to: '2026-01-01',
      },
    });
    expect(bad.body.valid).toBe(false);
    expect(bad.body.problems).toEqual([
      { field: 'to', message: 'must be after from' },
      { field: 'organisationIds/0', message: 'is not an organisation you administer' },
    ]);
    expect(await countReports()).toBe(before);
    expect(await op.status('admin', 'validateReport', { payload: { name: 'x' } })).toBe(400);
    expect(
      await op.status('therapist', 'validateReport', {
        payload: { name: 'x', type: 'usage', organisationIds: ['org-tend-north'], ...january },
      }),
    ).toBe(403);
  });

  it('lists newest first and renames', async () => {
    const list = await op('admin', 'listReports');
    expect(list.body.items.at(-1).reportId).toBe(usageId);
    expect((await op('otherAdmin', 'listReports')).body.items).toEqual([]);
    expect(await op.status('patient', 'listReports')).toBe(403);
    const rename = (user: string, name: string) =>
      op(user, 'renameReport', { params: { reportId: usageId }, payload: { name } });
    const renamed = await rename('admin', 'Usage, January');
    expect(renamed.body.name).toBe('Usage, January');
    expect((await rename('admin', '')).res.statusCode).toBe(400);
    expect((await rename('otherAdmin', 'Mine')).res.statusCode).toBe(404);
    const zipped = await zip([usageId]);
    expect(Object.keys(unzipSync(new Uint8Array(zipped.res.rawPayload)))).toEqual(['Usage, January.csv']);
    expect(zipped.res.headers['content-type']).toBe('application/zip');
  });

  it('a failed report goes back to queued on retry and the queue runs it again', async () => {
    await t.db
      .insertInto('organisations')
      .values({ id: 'org-temp', parent_id: 'org-tend-health', name: 'Temporary', enabled: true, etag: 'x' })
      .execute();
    const res = await create('admin', {
      name: 'Temp',
      type: 'usage',
      organisationIds: ['org-temp'],
      ...january,
    });
    const id = res.body.reportId;
    expect((await retry(id)).body.code).toBe('not_failed');
    await t.db.deleteFrom('organisations').where('id', '=', 'org-temp').execute();
    await runJobs();
    await t.db
      .insertInto('organisations')
      .values({ id: 'org-temp', parent_id: 'org-tend-health', name: 'Temporary', enabled: true, etag: 'x' })
      .execute();
    const failed = await getReport(id);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: 'Organisation org-temp no longer exists.',
      attempts: 1,
    });
    expect((await retry(id, 'otherAdmin')).res.statusCode).toBe(404);
    const retried = await retry(id);
    expect(retried.res.statusCode).toBe(200);
    expect(retried.body).toMatchObject({ status: 'queued', error: null });
    await runJobs();
    expect((await getReport(id)).body).toMatchObject({ status: 'succeeded', attempts: 2, rowCount: 1 });
    expect((await retry(id)).res.statusCode).toBe(409);
  });
});

describe('the report scheduler', () => {
  it('computes the next run and the period covered', () => {
    const after = new Date('2026-01-07T10:00:00Z'); // a Wednesday
    expect(nextRun({ frequency: 'daily', hour: 6 }, after).toISOString()).toBe('2026-01-08T06:00:00.000Z');
    expect(nextRun({ frequency: 'daily', hour: 11 }, after).toISOString()).toBe('2026-01-07T11:00:00.000Z');
    expect(nextRun({ frequency: 'weekly', dayOfWeek: 1, hour: 6 }, after).toISOString()).toBe(
      '2026-01-12T06:00:00.000Z',
    );
    expect(nextRun({ frequency: 'weekly', dayOfWeek: 3, hour: 6 }, after).toISOString()).toBe(
      '2026-01-14T06:00:00.000Z',
    );
    expect(nextRun({ frequency: 'monthly', dayOfMonth: 1, hour: 6 }, after).toISOString()).toBe(
      '2026-02-01T06:00:00.000Z',
    );
    expect(scheduledPeriod('weekly', new Date('2026-01-12T06:00:00Z'))).toEqual({
      from: '2026-01-05',
      to: '2026-01-12',
    });
    expect(scheduledPeriod('monthly', new Date('2026-02-01T06:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it('answers defaults, saves settings, runs when due and serves the latest scheduled report as CSV', async () => {
    const defaults = await op('admin', 'getReportSchedule');
    expect(defaults.body).toMatchObject({
      organisationId: 'org-tend-health',
      enabled: false,
      lastRunAt: null,
      nextRunAt: null,
    });
    expect(
      await op.status('otherAdmin', 'getReportSchedule', { query: { organisationId: 'org-tend-health' } }),
    ).toBe(403);
    expect(await op.status('admin', 'getReportSchedule', { query: { organisationId: 'bad id' } })).toBe(400);
    const settings = {
      organisationId: 'org-tend-north',
      enabled: true,
      frequency: 'daily',
      hour: 6,
      recipients: ['Lead@Tend-Health.example'],
      reportType: 'usage',
    };
    const saveSchedule = (user: string, payload: Record<string, unknown>) =>
      op(user, 'updateReportSchedule', { payload });
    const saved = await saveSchedule('admin', settings);
    expect(saved.body).toMatchObject({
      organisationId: 'org-tend-north',
      enabled: true,
      frequency: 'daily',
      recipients: ['lead@tend-health.example'],
      lastRunAt: null,
    });
    expect(Date.parse(saved.body.nextRunAt)).toBeGreaterThan(Date.now());
    expect((await saveSchedule('otherAdmin', settings)).res.statusCode).toBe(403);
    expect((await saveSchedule('admin', { ...settings, frequency: 'weekly' })).res.statusCode).toBe(400);
    expect((await saveSchedule('admin', { ...settings, hour: 24 })).res.statusCode).toBe(400);

    const download = (user: string, organisationId: string | null = 'org-tend-north') =>
      op(user, 'downloadScheduledReport', { query: organisationId === null ? {} : { organisationId } });
    expect((await download('admin')).res.statusCode).toBe(404);

    // due now: the next tick queues the scheduled report and runs it
    await t.db
      .updateTable('report_schedules')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('organisation_id', '=', 'org-tend-north')
      .execute();
    await runJobs();
    const told = await t.mailer.catcher!.waitFor((mail) => mail.to.includes('lead@tend-health.example'));
    expect(told.subject).toMatch(/^Tend: your scheduled report ".*" is ready$/);
    expect(told.text).not.toContain('org-tend-north,');
    const after = await op('northAdmin', 'getReportSchedule', {
      query: { organisationId: 'org-tend-north' },
    });
    expect(after.body.lastRunAt).not.toBeNull();
    expect(Date.parse(after.body.nextRunAt)).toBeGreaterThan(Date.now());
    const csv = await download('northAdmin');
    expect(csv.res.statusCode).toBe(200);
    expect(csv.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers['content-disposition']).toMatch(
      /^attachment; filename="org-tend-north-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.res.body.split('\r\n')[0]).toBe(
      'organisation_id,organisation_name,patients,active_patients,therapists,moments,journals,checkups,screenings',
    );
    expect(csv.res.body).toContain('org-tend-north,Tend Health North,1,');
    expect((await download('dataExport')).res.statusCode).toBe(200);
    expect((await download('dataExport', null)).res.statusCode).toBe(400);
    expect((await download('otherAdmin')).res.statusCode).toBe(403);
    expect((await download('patient')).res.statusCode).toBe(403);
  });
});
