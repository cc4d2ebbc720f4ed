// A job whose worker stops (its instance died) is taken over by another instance and tried again; a job
// whose worker still beats is left alone, however long it runs. On PostgreSQL (npm run test:pg) the two
// workers are two instances with their own pools over one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testResolveUser } from '../../test/helpers.ts';
import { twoInstances, type Pair } from '../../test/instances.ts';
import type { AppDeps } from '../http/types.ts';
import { REPORT_ATTEMPTS, queueReport, reportJob, REPORT_JOB } from '../modules/reporting/service.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { testConfig } from '../config.ts';
import { JobQueue, enqueueJob, type Job } from './queue.ts';

let pair: Pair;
let deps: AppDeps;
beforeAll(async () => {
  pair = await twoInstances({ rateLimitEnabled: false, resolveUser: testResolveUser });
  deps = pair.a.tend as unknown as AppDeps;
});
afterAll(() => pair?.close());

const jobOf = (id: string) =>
  pair.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'locked_by', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 60 s: the CI machine is busy) until the check holds: the tests wait for states, never for a length of time. */
async function until(check: () => Promise<boolean>) {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('waited 60 s for a job state that never came');
    await wait(20);
  }
}
/** Makes a job's last heartbeat look older by the interval, on the database's clock. */
const ageLock = (id: string, interval: string) =>
  pair.db
    .updateTable('jobs')
    .set({ locked_at: sql`now() - ${interval}::interval` })
    .where('id', '=', id)
    .execute();
const lockOf = async (id: string) => {
  const row = await pair.db
    .selectFrom('jobs')
    .select('locked_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.locked_at ? new Date(row.locked_at).getTime() : undefined;
};

describe('jobs that survive a dead worker', () => {
  it('a job whose worker stopped beating is taken over by another instance and run again', async () => {
    const runs: string[] = [];
    const kind = (worker: string) => ({ note: { run: async () => void runs.push(worker) } });
    const id = await enqueueJob(pair.db, 'note', {}, { maxAttempts: 3 });
    // Instance A claims the job and dies at once: no heartbeat, no finish.
    const dead = new JobQueue(deps, kind('a'), { workerId: 'instance-a' });
    expect((await dead.claim())?.id).toBe(id);
    // The default threshold (45 s): just claimed, the job is not stale, however slow this machine is.
    const other = new JobQueue(deps, kind('b'), { workerId: 'instance-b' });
    await other.tick();
    expect(await jobOf(id)).toMatchObject({ status: 'running', locked_by: 'instance-a' }); // not stale yet
    // A minute without a heartbeat (the database's clock, as the queue reads it).
    await ageLock(id, '1 minute');
    await other.tick();
    expect(runs).toEqual(['b']);
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a long job whose worker beats is never taken over, and its worker finishes it', async () => {
    const id = await enqueueJob(pair.db, 'slow', {}, { maxAttempts: 3 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const worker = new JobQueue(deps, { slow: { run: () => released } }, { workerId: 'w', heartbeatMs: 40 });
    const running = worker.runOne();
    await until(async () => (await jobOf(id)).status === 'running');
    // Three times: the job looks a minute old, then its worker's next beat makes it fresh again, and a
    // watcher (the default 45 s threshold) leaves it alone. No step depends on how fast this machine is.
    const watcher = new JobQueue(deps, {}, { workerId: 'watcher' });
    for (let i = 0; i < 3; i += 1) {
      await ageLock(id, '1 minute');
      await until(async () => Date.now() - ((await lockOf(id)) ?? 0) < 30_000);
      expect(await watcher.recoverStale()).toBe(0);
    }
    release();
    await running;
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a worker that was only slow changes nothing once its job was taken over', async () => {
    const id = await enqueueJob(pair.db, 'late', {}, { maxAttempts: 3 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const slow = new JobQueue(
      deps,
      { late: { run: () => released } },
      { workerId: 'paused', heartbeatMs: 60_000 },
    );
    const running = slow.runOne();
    await until(async () => (await jobOf(id)).status === 'running');
    await ageLock(id, '2 minutes');
    const other = new JobQueue(deps, { late: { run: async () => {} } }, { workerId: 'rescuer' });
    await other.tick();
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    release();
    await running;
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 2, locked_by: null });
  });

  it('a job that has used its attempts fails for good, once, with its failed hook', async () => {
    const failures: string[] = [];
    const kinds = { once: { run: async () => {}, failed: async (job: Job) => void failures.push(job.id) } };
    const id = await enqueueJob(pair.db, 'once', {}, { maxAttempts: 1 });
    await new JobQueue(deps, kinds, { workerId: 'gone' }).claim();
    await pair.db
      .updateTable('jobs')
      .set({ locked_at: sql`now() - interval '2 minutes'` })
      .where('id', '=', id)
      .execute();
    const [x, y] = [new JobQueue(deps, kinds), new JobQueue(deps, kinds)];
    await Promise.all([x.recoverStale(), y.recoverStale()]);
    expect(await jobOf(id)).toMatchObject({ status: 'failed' });
    expect(failures).toEqual([id]);
  });

  it('a report whose instance died mid-run is queued again, then computed by another, its attempts shown', async () => {
    await seedIfEmpty({ db: pair.db, config: testConfig() });
    const reportId = await pair.db.transaction().execute((trx) =>
      queueReport(trx, {
        name: 'Usage after a crash',
        type: 'usage',
        organisationIds: ['org-tend-health'],
        from: '2026-01-01',
        to: '2026-02-01',
        includeChildren: true,
        createdBy: 'admin-1',
      }),
    );
    const job = await pair.db
      .selectFrom('jobs')
      .select(['id', 'max_attempts'])
      .where('kind', '=', REPORT_JOB)
      .where(sql<string>`payload->>'reportId'`, '=', reportId)
      .executeTakeFirstOrThrow();
    expect(job.max_attempts).toBe(REPORT_ATTEMPTS);
    // Instance A starts the report and dies in the middle of it.
    const dying = new JobQueue(deps, { [REPORT_JOB]: reportJob }, { workerId: 'instance-a' });
    const claimed = await dying.claim();
    expect(claimed?.id).toBe(job.id);
    await pair.db
      .updateTable('reports')
      .set({ status: 'running', attempts: 1, started_at: sql`now()` })
      .where('id', '=', reportId)
      .execute();
    const report = () =>
      pair.b.inject({ method: 'GET', url: `/reporting/${reportId}`, headers: { 'x-test-user': 'admin' } });
    expect((await report()).json()).toMatchObject({ status: 'running', attempts: 1 });
    await pair.db
      .updateTable('jobs')
      .set({ locked_at: sql`now() - interval '2 minutes'` })
      .where('id', '=', job.id)
      .execute();
    const bDeps = pair.b.tend as unknown as AppDeps;
    const rescuer = new JobQueue(bDeps, { [REPORT_JOB]: reportJob }, { workerId: 'instance-b' });
    expect(await rescuer.recoverStale()).toBe(1);
    expect((await report()).json()).toMatchObject({ status: 'queued', attempts: 1 });
    await rescuer.runDue();
    expect((await report()).json()).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await jobOf(job.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });
});
