import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';

export interface CreateDbOptions {
  /** PostgreSQL connection URL: uses a `pg` Pool. */
  url?: string | undefined;
  /** PGlite data directory (created when missing). */
  dataDir?: string | undefined;
  /** PGlite in memory (tests). */
  memory?: boolean;
  /** PostgreSQL only: a schema of its own (created when missing), set as the search_path of every connection. */
  schema?: string;
  /** PostgreSQL only: the most connections this pool opens (default 10; TEND_DB_POOL_SIZE). */
  poolSize?: number;
  /** Run the migrations (default true). */
  migrate?: boolean;
  /** PGlite only: start from this data directory dump (see dumpPgliteDataDir) instead of an initdb. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: an idle connection of the pool was ended by the server (a restart, a terminated backend).
   * The pool drops it and opens another when needed; by default a one-line warning (unhandled, it would end
   * the process).
   */
  onIdleError?: (error: Error) => void;
}

/**
 * Connections per server instance to PostgreSQL: this pool, plus one for the event bus's LISTEN (see
 * README, "Deploying": instances × (pool + 1) must stay under max_connections).
 */
export const DEFAULT_POOL_SIZE = 10;

const kinds = new WeakMap<object, DbKind>();
const engines = new WeakMap<object, PGlite>();

/**
 * A PGlite database's data directory as a tarball, to start other in-memory databases from it (tests start
 * from a migrated template: seconds faster than an initdb per test file). Undefined on PostgreSQL. Call it
 * while no query runs.
 */
export async function dumpPgliteDataDir(db: Db): Promise<Blob | undefined> {
  const engine = engines.get(db);
  if (!engine) return undefined;
  return (await engine.dumpDataDir('none')) as Blob;
}
const schemas = new WeakMap<object, string>();

/** The PGlite engine under a database created by createDb (undefined on PostgreSQL). */
export function pgliteOf(db: Db): PGlite | undefined {
  return engines.get(db);
}

/** Which engine a database created by createDb runs on. */
export function dbKind(db: Db): DbKind {
  return kinds.get(db) ?? 'postgres';
}

/** Opens the database (PostgreSQL when url is given, else PGlite on disk or in memory) and migrates it. */
export async function createDb(options: CreateDbOptions): Promise<Db> {
  let db: Db;
  let kind: DbKind;
  if (options.url) {
    kind = 'postgres';
    if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error('invalid schema name');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      // int8 (counts, epoch milliseconds) as numbers, as PGlite returns them.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    pool.on(
      'error',
      options.onIdleError ??
        ((error: Error) => console.warn(`database: an idle connection was lost (${error.message})`)),
    );
    if (options.schema) {
      const client = await pool.connect();
      try {
        // Instances starting at once race here: PostgreSQL's `if not exists` is no lock, and the loser of the
        // race gets a unique violation (23505) or duplicate_schema (42P06). Either way the schema is there.
        await client.query(`create schema if not exists ${options.schema}`).catch((error: unknown) => {
          const code = (error as { code?: string }).code;
          if (code !== '23505' && code !== '42P06') throw error;
        });
      } finally {
        client.release();
      }
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    kind = 'pglite';
    const dataDir =
      options.memory || !options.dataDir || options.dataDir === 'memory' ? undefined : options.dataDir;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pglite = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    await pglite.waitReady;
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
    engines.set(db, pglite);
  }
  kinds.set(db, kind);
  if (options.url && options.schema) schemas.set(db, options.schema);
  if (options.migrate !== false) await migrateToLatest(db);
  return db;
}

/** The one migration set (./migrations), from a static provider: no file-system lookups at run time. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

export async function migrateToLatest(db: Db): Promise<void> {
  // With a schema of its own (tests on PostgreSQL), Kysely's bookkeeping tables live there too: its table
  // lookup spans every schema and would otherwise find another test file's tables.
  const schema = schemas.get(db);
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/** A jsonb value for inserts and updates; works the same on pg and PGlite (arrays included). */
export function json<T>(value: T): RawBuilder<T> {
  return sql<T>`cast(${JSON.stringify(value)} as jsonb)`;
}
