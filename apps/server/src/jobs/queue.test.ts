import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { jobQueueFor } from '../modules/reporting/routes.ts';
import { JobQueue, enqueueJob, type Job } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deps = () => ({ config: t.config, db: t.db, mailer: t.mailer, status: undefined as never });
const statusOf = async (id: string) =>
  await t.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'run_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the database job queue', () => {
  it('runs due jobs oldest first, once each, and records success', async () => {
    const seen: string[] = [];
    const queue = new JobQueue(deps(), {
      note: { run: async (job) => void seen.push(String(job.payload.n)) },
    });
    const a = await enqueueJob(t.db, 'note', { n: 'a' }, { runAt: new Date(Date.now() - 2000) });
    const b = await enqueueJob(t.db, 'note', { n: 'b' }, { runAt: new Date(Date.now() - 1000) });
    const later = await enqueueJob(t.db, 'note', { n: 'later' }, { runAt: new Date(Date.now() + 60_000) });
    expect(await queue.runDue()).toBe(2);
    expect(seen).toEqual(['a', 'b']);
    expect(await statusOf(a)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await statusOf(b)).toMatchObject({ status: 'succeeded' });
    expect(await statusOf(later)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await queue.runDue()).toBe(0);
    await t.db.deleteFrom('jobs').execute();
  });

  it('retries a failing job with a backoff, then fails it for good and calls the failed hook', async () => {
    const failures: string[] = [];
    const queue = new JobQueue(deps(), {
      flaky: {
        run: async () => {
          throw new Error('disk on fire');
        },
        failed: async (job: Job, error: unknown) =>
          void failures.push(`${job.id}:${(error as Error).message}`),
      },
    });
    const id = await enqueueJob(t.db, 'flaky', {}, { maxAttempts: 2 });
    expect(await queue.runDue()).toBe(1);
    const first = await statusOf(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'disk on fire' });
    expect(new Date(first.run_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(failures).toEqual([]);
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1) })
      .where('id', '=', id)
      .execute();
    expect(await queue.runDue()).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'disk on fire' });
    expect(failures).toEqual([`${id}:disk on fire`]);
    const unknown = await enqueueJob(t.db, 'nobody-handles-this', {});
    await queue.runDue();
    expect(await statusOf(unknown)).toMatchObject({
      status: 'failed',
      last_error: 'no handler for jobs of kind nobody-handles-this',
    });
    await t.db.deleteFrom('jobs').execute();
  });

  it('two workers polling one database run every job exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const runs = new Map<string, string[]>();
    const kind = (worker: string) => ({
      count: {
        run: async (job: Job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), worker]);
          await new Promise((r) => setTimeout(r, 5));
        },
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await enqueueJob(t.db, 'count', { i }));
    const one = new JobQueue(deps(), kind('one'), { workerId: 'one' });
    const two = new JobQueue(deps(), kind('two'), { workerId: 'two' });
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect(a + b).toBe(12);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    for (const workers of runs.values()) expect(workers).toHaveLength(1);
    await t.db.deleteFrom('jobs').execute();
  });

  it('recovers a job whose worker vanished', async () => {
    const queue = new JobQueue(deps(), { note: { run: async () => {} } }, { staleAfterMs: 60_000 });
    const id = await enqueueJob(t.db, 'note', {}, { maxAttempts: 2 });
    await t.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_by: 'gone', locked_at: new Date(Date.now() - 120_000) })
      .where('id', '=', id)
      .execute();
    expect(await queue.recoverStale()).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'queued' });
    await queue.tick();
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    await t.db.deleteFrom('jobs').execute();
  });

  it('polls on its own once started and stops cleanly', async () => {
    const done: string[] = [];
    const queue = new JobQueue(
      deps(),
      { note: { run: async (job) => void done.push(job.id) } },
      { pollIntervalMs: 20 },
    );
    queue.start();
    expect(queue.running).toBe(true);
    const id = await enqueueJob(t.db, 'note', {});
    await expect.poll(() => done).toEqual([id]);
    await queue.stop();
    expect(queue.running).toBe(false);
    const after = await enqueueJob(t.db, 'note', {});
    await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(after)).toMatchObject({ status: 'queued' });
    await t.db.deleteFrom('jobs').execute();
  });

  it('the server starts the poller outside tests and stops it on close', async () => {
    expect(jobQueueFor(t.db)?.running).toBe(false);
    const dev = await createTestApp({ config: { env: 'development' } });
    try {
      expect(jobQueueFor(dev.db)?.running).toBe(true);
    } finally {
      const queue = jobQueueFor(dev.db)!;
      await dev.close();
      expect(queue.running).toBe(false);
    }
  });
});
