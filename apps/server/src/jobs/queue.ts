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
//   backoff (30 s × attempts) while attempts < max_attempts, else marks it `failed` and calls the kind's
//   `failed` hook (the reporting module marks its report failed there).
// - A job left `running` by a process that died (locked_at older than staleAfterMs) is recovered on each
//   tick: queued again, or failed when it has used its attempts.
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
  /** Called once when the job has failed for good (its last attempt threw). */
  failed?(job: Job, error: unknown, deps: AppDeps): Promise<void>;
}

export interface JobQueueOptions {
  pollIntervalMs?: number;
  staleAfterMs?: number;
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

  private async finish(job: Job, status: JobStatus, error: unknown = null): Promise<void> {
    await this.deps.db
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
      .execute();
  }

  /** Runs one due job; answers whether there was one. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const kind = this.kinds[job.kind];
    try {
      if (!kind) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await kind.run(job, this.deps);
      await this.finish(job, 'succeeded');
    } catch (error) {
      if (job.attempts < job.max_attempts) {
        await this.deps.db
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
          .execute();
      } else {
        await this.finish(job, 'failed', error);
        await kind?.failed?.(job, error, this.deps);
      }
    }
    return true;
  }

  /** Runs due jobs until none is left (jobs that become due meanwhile included); answers how many ran. */
  async runDue(limit = 1000): Promise<number> {
    let ran = 0;
    while (ran < limit && !this.stopped && (await this.runOne())) ran += 1;
    return ran;
  }

  /** Puts jobs whose worker vanished (running for longer than staleAfterMs) back in the queue, or fails them. */
  async recoverStale(): Promise<number> {
    const staleBefore = new Date(Date.now() - (this.options.staleAfterMs ?? 15 * 60_000));
    const stale = await this.deps.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
      .where('status', '=', 'running')
      .where('locked_at', '<', staleBefore)
      .execute();
    for (const job of stale as Job[]) {
      if (job.attempts < job.max_attempts) {
        await this.deps.db
          .updateTable('jobs')
          .set({ status: 'queued', locked_by: null, locked_at: null, updated_at: sql`now()` })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .execute();
      } else {
        const error = new Error('The worker running this job stopped before it finished.');
        await this.finish(job, 'failed', error);
        await this.kinds[job.kind]?.failed?.(job, error, this.deps);
      }
    }
    return stale.length;
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
