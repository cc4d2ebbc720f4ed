// An in-process job queue kept in the database (table `jobs`).
//
// - enqueueJob(db, kind, payload) inserts a `queued` row (inside the caller's transaction when given one,
//   so a job exists exactly when the thing it works on does).
// - JobQueue.runOne() claims the oldest due job and runs its kind's handler. Claiming is one transaction:
//     select id from jobs where status = 'queued' and run_at <= now()
//       order by run_at, id limit 1 for update skip locked
//     update jobs set status = 'running', locked_by = <worker>, locked_at = now(), attempts = attempts + 1
//   On PostgreSQL, SKIP LOCKED lets several server processes poll one database: each job is claimed by
//   exactly one of them, none waits on another's lock. PGlite is one process and one connection, so the
//   same statement simply runs in a plain transaction.
// - A handler that returns marks the job `succeeded`; one that throws puts it back to `queued` with a
//   backoff (30 s × attempts) while attempts < max_attempts (and the error is not a PermanentJobError),
//   calling the kind's `retrying` hook, else marks it `failed` and calls the kind's `failed` hook (the
//   reporting module marks its report queued or failed there).
// - While a job runs its worker beats: every heartbeatMs (10 s) it sets the job's `locked_at` to now(), so
//   `locked_at` is the last time the worker showed it was alive, whatever the job's length.
// - A job left `running` by a worker that stopped beating (locked_at older than staleAfterMs, 45 s, by
//   the database's clock) is recovered on each tick of any instance (with the 5 s poll: within a minute
//   of the worker's death): queued again at once (and so run by the first instance that polls, with
//   `attempts` counting this try too), or failed when it has used its attempts. A worker that was only slow and finishes after its job was taken over changes nothing:
//   every finishing update is for the job as this worker claimed it (locked_by).
// - start() polls every pollIntervalMs (the server starts it; see ../modules/reporting/routes.ts), each tick
//   first calling the `beforeTick` hook (the report scheduler) and then running every due job; stop()
//   clears the timer and waits for the tick in progress (the server calls it on close). Tests call
//   tick()/runDue() themselves instead of starting the timer, so they are deterministic.
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { json, type Db } from '../db/index.ts';
import type { JobStatus } from '../db/tables/admin.ts';
import type { AppDeps } from '../http/types.ts';

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface JobKind {
  run(job: Job, deps: AppDeps): Promise<void>;
  /** Called once when the job has failed for good (its last attempt threw, or its worker stopped). */
  failed?(job: Job, error: unknown, deps: AppDeps): Promise<void>;
  /** Called when a try failed (it threw, or its worker stopped) and the job is queued for another. */
  retrying?(job: Job, error: unknown, deps: AppDeps): Promise<void>;
}

/** An error trying again cannot cure (bad input, a thing that no longer exists): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueueOptions {
  pollIntervalMs?: number;
  /** A running job whose worker has not beaten for this long is taken over (default 45 s). */
  staleAfterMs?: number;
  /** How often a worker beats while its job runs (default 10 s; keep it well under staleAfterMs). */
  heartbeatMs?: number;
  workerId?: string;
  /** Runs at the start of every tick (e.g. turning due schedules into jobs). */
  beforeTick?: (deps: AppDeps) => Promise<void>;
  /** Where a failing tick is reported (the server logger). */
  onError?: (error: unknown) => void;
}

export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      payload: json(payload),
      status: 'queued',
      max_attempts: options.maxAttempts ?? 1,
      ...(options.runAt ? { run_at: options.runAt } : {}),
    })
    .execute();
  return id;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

export class JobQueue {
  readonly workerId: string;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly kinds: Record<string, JobKind>,
    private readonly options: JobQueueOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Claims the oldest due job (see the header), or null when none is due. */
  async claim(): Promise<Job | null> {
    return this.deps.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        select id from jobs where status = 'queued' and run_at <= now()
        order by run_at, id limit 1 for update skip locked`.execute(trx);
      const id = rows[0]?.id;
      if (!id) return null;
      const job = await trx
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: this.workerId,
          locked_at: sql`now()`,
          attempts: sql`attempts + 1`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .executeTakeFirstOrThrow();
      return job as Job;
    });
  }

  /** Ends this worker's run of the job; answers false when the job is no longer this worker's (taken over). */
  private async finish(job: Job, status: JobStatus, error: unknown = null): Promise<boolean> {
    const result = await this.deps.db
      .updateTable('jobs')
      .set({
        status,
        locked_by: null,
        locked_at: null,
        updated_at: sql`now()`,
        last_error: error === null ? null : errorText(error),
        finished_at: sql`now()`,
      })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', this.workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One heartbeat of a job this worker runs: its locked_at becomes now(). */
  async beat(job: Pick<Job, 'id'>): Promise<void> {
    await this.deps.db
      .updateTable('jobs')
      .set({ locked_at: sql`now()` })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', this.workerId)
      .execute();
  }

  /** Runs one due job; answers whether there was one. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const kind = this.kinds[job.kind];
    const heartbeat = setInterval(() => {
      this.beat(job).catch((error: unknown) => this.options.onError?.(error));
    }, this.options.heartbeatMs ?? 10_000);
    heartbeat.unref();
    try {
      if (!kind) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await kind.run(job, this.deps);
      clearInterval(heartbeat);
      await this.finish(job, 'succeeded');
    } catch (error) {
      clearInterval(heartbeat);
      if (job.attempts < job.max_attempts && !(error instanceof PermanentJobError)) {
        const requeued = await this.deps.db
          .updateTable('jobs')
          .set({
            status: 'queued',
            locked_by: null,
            locked_at: null,
            last_error: errorText(error),
            updated_at: sql`now()`,
            run_at: new Date(Date.now() + 30_000 * job.attempts),
          })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('locked_by', '=', this.workerId)
          .executeTakeFirst();
        if (Number(requeued.numUpdatedRows) > 0) await kind?.retrying?.(job, error, this.deps);
      } else if (await this.finish(job, 'failed', error)) {
        await kind?.failed?.(job, error, this.deps);
      }
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** Runs due jobs until none is left (jobs that become due meanwhile included); answers how many ran. */
  async runDue(limit = 1000): Promise<number> {
    let ran = 0;
    while (ran < limit && !this.stopped && (await this.runOne())) ran += 1;
    return ran;
  }

  /**
   * Takes over the jobs whose worker stopped beating (locked_at older than staleAfterMs by the database's
   * clock): queued again to run now, or failed when they have used their attempts. Each stale job is taken
   * over by one instance only (the update is conditional on the lock it found). Answers how many.
   */
  async recoverStale(): Promise<number> {
    const staleMs = Math.max(1, Math.round(this.options.staleAfterMs ?? 45_000));
    const staleBefore = sql<Date>`now() - ${staleMs} * interval '1 millisecond'`;
    const stale = (await this.deps.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'locked_by', 'locked_at'])
      .where('status', '=', 'running')
      .where('locked_at', '<', staleBefore)
      .execute()) as Array<Job & { locked_by: string | null; locked_at: Date | null }>;
    let recovered = 0;
    const error = new Error('The worker running this job stopped before it finished.');
    for (const job of stale) {
      const retry = job.attempts < job.max_attempts;
      const result = await this.deps.db
        .updateTable('jobs')
        .set(
          retry
            ? {
                status: 'queued',
                locked_by: null,
                locked_at: null,
                run_at: sql`now()`,
                last_error: errorText(error),
                updated_at: sql`now()`,
              }
            : {
                status: 'failed',
                locked_by: null,
                locked_at: null,
                last_error: errorText(error),
                finished_at: sql`now()`,
                updated_at: sql`now()`,
              },
        )
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_at', '<', staleBefore)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue; // beat meanwhile, or another instance took it
      recovered += 1;
      const kind = this.kinds[job.kind];
      await (retry ? kind?.retrying : kind?.failed)?.(job, error, this.deps);
    }
    return recovered;
  }

  /** One poll: stale recovery, the beforeTick hook, then every due job. */
  async tick(): Promise<void> {
    await this.recoverStale();
    await this.options.beforeTick?.(this.deps);
    await this.runDue();
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const poll = () => {
      if (this.ticking || this.stopped) return;
      this.ticking = this.tick()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.ticking = null;
        });
    };
    this.timer = setInterval(poll, this.options.pollIntervalMs ?? 5_000);
    this.timer.unref();
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
