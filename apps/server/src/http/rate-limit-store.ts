// The store of @fastify/rate-limit kept in the database (table `rate_limit_counters`, migration 0170): every
// server instance over one PostgreSQL counts into the same rows, so a limit means the same whatever instance
// a request reaches and however many there are, and a restart keeps the counts.
//
// One row per route and client key. Counting is one statement, atomic under concurrency (the upsert takes
// the row's lock, so two instances counting at once both see their own hit):
//   insert … values (key, 1, now() + window) on conflict (key) do update
//     set hits = (1 when the window has ended, else hits + 1), reset_at = (a new window when it has ended)
//     returning hits, the milliseconds left in the window
// The milliseconds left give `Retry-After` (the same on every instance: the window's end is in the row).
// Rows of windows that ended more than an hour ago are pruned now and then by whichever instance counts.
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** At most one prune per instance in this many milliseconds. */
const PRUNE_EVERY_MS = 10 * 60_000;

function windowMs(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  return fallback;
}

/** Counts one hit of `key` in a window of `timeWindowMs`; answers the hits so far and the ms left. */
export async function countHit(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_counters as c (key, hits, reset_at)
    values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
      reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
    returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`.execute(db);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** Deletes the counters whose window ended more than an hour ago; answers how many. */
export async function pruneCounters(db: Db): Promise<number> {
  const result =
    await sql`delete from rate_limit_counters where reset_at < now() - interval '1 hour'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

interface StoreOptions {
  db: Db;
  prefix: string;
  timeWindow: number;
  lastPrune: { at: number };
}

class DbRateLimitStore implements FastifyRateLimitStore {
  constructor(private readonly options: StoreOptions) {}

  incr(key: string, callback: Callback, timeWindow?: number): void {
    const { db, prefix, lastPrune } = this.options;
    const ms = windowMs(timeWindow, this.options.timeWindow);
    countHit(db, `${prefix}${key}`, ms).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
    if (Date.now() - lastPrune.at > PRUNE_EVERY_MS) {
      lastPrune.at = Date.now();
      pruneCounters(db).catch(() => {});
    }
  }

  /** The count so far without counting (the plugin's `{ increment: false }`). */
  read(key: string, callback: Callback): void {
    const { db, prefix } = this.options;
    sql<{ hits: number; ttl: number }>`
      select case when reset_at <= now() then 0 else hits end as hits,
        greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
      from rate_limit_counters where key = ${`${prefix}${key}`}`
      .execute(db)
      .then(
        ({ rows }) => callback(null, { current: Number(rows[0]?.hits ?? 0), ttl: Number(rows[0]?.ttl ?? 0) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }

  // The plugin passes the route's merged limit options, the route itself as `routeInfo` (its types say
  // RouteOptions).
  child(options: RouteOptions & { path: string; prefix: string }) {
    const routeOptions = options as unknown as {
      routeInfo?: { method?: unknown; url?: unknown; config?: { operationId?: unknown } };
      timeWindow?: unknown;
    };
    const info = routeOptions.routeInfo ?? {};
    const method = Array.isArray(info.method) ? info.method.join(',') : String(info.method ?? '');
    // A contract route counts by its operation (GET and its HEAD together), another by method and URL.
    const operationId = info.config?.operationId;
    return new DbRateLimitStore({
      ...this.options,
      prefix: typeof operationId === 'string' ? `${operationId}|` : `${method} ${String(info.url ?? '')}|`,
      timeWindow: windowMs(routeOptions.timeWindow, this.options.timeWindow),
    });
  }
}

/**
 * The `store` option of @fastify/rate-limit: a class the plugin constructs with its options, counting in
 * `db` (each route's child store prefixes its keys with the route's method and URL).
 */
export function databaseRateLimitStore(db: Db) {
  const lastPrune = { at: Date.now() };
  return class extends DbRateLimitStore {
    constructor(options: FastifyRateLimitOptions) {
      const { timeWindow } = options as { timeWindow?: unknown };
      super({ db, prefix: '', timeWindow: windowMs(timeWindow, 60_000), lastPrune });
    }
  };
}
