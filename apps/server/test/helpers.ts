import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { expect } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { createDb, dumpPgliteDataDir, type Db } from '../src/db/index.ts';
import type { Database } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { contractValidator, type ContractValidator } from '../src/http/validation.ts';
import { listOperations, loadContract, type OpenApiDocument, type Operation } from '../src/http/contract.ts';
import { testResolveUser, testUser } from './users.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));

/** A hash of the migration files (and `extra`): a template made from other migrations is never used. */
function migrationsHash(extra: Buffer | string = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory, made once and kept in the temp directory under the hash of
 * the migration files: every test file starts its own in-memory database from it instead of an initdb.
 */
async function pgliteTemplate(): Promise<Blob> {
  // The PGlite version too: a data directory of another version may not load.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = readFileSync(join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json'));
  const path = join(tmpdir(), `tend-pglite-template-${migrationsHash(version)}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const db = await createDb({ memory: true });
  const dump = (await dumpPgliteDataDir(db))!;
  await db.destroy();
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  // Templates of older migration sets are of no use any more.
  for (const old of readdirSync(tmpdir())) {
    if (/^tend-pglite-template-[0-9a-f]{16}\.tar$/.test(old) && join(tmpdir(), old) !== path)
      rmSync(join(tmpdir(), old), { force: true });
  }
  return dump;
}

/**
 * A migrated PGlite database in memory, started from the template (tests of PGlite itself, or of code that
 * needs no HTTP app): migrating afresh costs seconds each time.
 */
export async function createPgliteTestDb(): Promise<Db> {
  return createDb({ memory: true, loadDataDir: await pgliteTemplate() });
}

export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** On PostgreSQL: the URL of the test's own database (an app's event bus LISTENs there). */
  url?: string;
  close(): Promise<void>;
}

/** The URL of another database on the same PostgreSQL server. */
function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * A migrated, empty database on the PostgreSQL of DATABASE_URL, named after the migrations' hash and made by
 * the first test file that needs it (an advisory lock keeps the run's other workers waiting meanwhile). Each
 * test database is a copy of it: about 50 ms, where running the 33 migrations took a second of PostgreSQL's CPU.
 */
function postgresTemplate(url: string): Promise<string> {
  postgresTemplateName ??= withClient(url, async (client) => {
    const name = `tend_template_${migrationsHash()}`;
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Made under another name, then renamed: a run stopped halfway never leaves a half-migrated template.
        const making = `${name}_making`;
        await client.query(`drop database if exists ${making} with (force)`);
        await client.query(`create database ${making}`);
        const db = await createDb({ url: databaseUrl(url, making) });
        await db.destroy();
        await client.query(`alter database ${making} rename to ${name}`);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
    return name;
  });
  return postgresTemplateName;
}

/** The advisory lock key of the test databases' template (any fixed number no other code uses). */
const TEMPLATE_LOCK = 7_720_532;

/**
 * A database of the test file's own: PGlite in memory, or with DATABASE_URL a fresh database on that
 * PostgreSQL, copied from the migrated template (dropped on close), so test files never see each other's rows.
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createPgliteTestDb();
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const template = await postgresTemplate(url);
  const name = `t_${randomBytes(6).toString('hex')}`;
  // The copy is migrated already: no migration check (Kysely's reads the catalogue, a tenth of a second).
  await withClient(url, (client) => client.query(`create database ${name} template ${template}`));
  const own = databaseUrl(url, name);
  // A connection still open when the database is dropped (forced) is ended by the server: expected then.
  const db = await createDb({ url: own, migrate: false, onIdleError: () => {} });
  return {
    db,
    kind: 'postgres',
    url: own,
    async close() {
      await db.destroy();
      await withClient(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The advisory lock key of the schemas boot.test.ts makes (any fixed number no other code uses). */
const SCHEMA_LOCK = 7_720_531;

/**
 * Runs `fn` holding the advisory lock of schemas made on DATABASE_URL's own database (boot.test.ts): shared
 * while a schema is made or migrated, exclusive while one is dropped (Kysely's migrator reads the tables of
 * every schema, and a table dropped at that moment fails its read).
 */
export function withSchemaLock<T>(
  url: string,
  mode: 'shared' | 'exclusive',
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  return withClient(url, async (client) => {
    await client.query(
      mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)',
      [SCHEMA_LOCK],
    );
    return fn(client);
  });
}

export { TEST_USERS, resolveUserFrom, testResolveUser, testUser } from './users.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  mailer: Mailer;
  config: Config;
  close(): Promise<void>;
}

/** An app over its own database and mail catcher (random port), with test users. */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'config' | 'db' | 'mailer'>> & { config?: Partial<Config> } = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  // On PostgreSQL the event bus LISTENs on the test's own database (NOTIFY stays within a database).
  const config = testConfig({ ...(testDb.url ? { databaseUrl: testDb.url } : {}), ...options.config });
  const mailer = await createMailer(config, () => {});
  const { config: _ignored, ...rest } = options;
  const app = await buildApp({
    resolveUser: testResolveUser,
    identity: {},
    ...rest,
    config,
    db: testDb.db,
    mailer,
  });
  await app.ready();
  return {
    app,
    db: testDb.db,
    mailer,
    config,
    async close() {
      await app.close();
      await mailer.close();
      await testDb.close();
    },
  };
}

/** An app (createTestApp) over the demo data, seeded on its own database. */
export async function createSeededTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const t = await createTestApp(options);
  await seedIfEmpty({ db: t.db, config: t.config });
  return t;
}

export interface Instances {
  apps: FastifyInstance[];
  /** The database of the first instance (seed through it). */
  db: Db;
  close(): Promise<void>;
}

/**
 * Several app instances on one PostgreSQL database (the test's own), each with its own pool, as separate server
 * processes would be (tests of what crosses processes: LISTEN/NOTIFY). PostgreSQL only (DATABASE_URL).
 */
export async function createInstances(
  count: number,
  options: Partial<Omit<BuildAppOptions, 'config' | 'db' | 'mailer'>> & { config?: Partial<Config> } = {},
): Promise<Instances> {
  if (!process.env.DATABASE_URL) throw new Error('createInstances needs DATABASE_URL (PostgreSQL)');
  const testDb = await createTestDb();
  const url = testDb.url!;
  const dbs: Db[] = [testDb.db];
  const apps: FastifyInstance[] = [];
  const mailers: Mailer[] = [];
  const { config: overrides, ...rest } = options;
  for (let i = 0; i < count; i++) {
    const db = i === 0 ? testDb.db : await createDb({ url, migrate: false, onIdleError: () => {} });
    if (i > 0) dbs.push(db);
    // Every instance LISTENs on the test's own database, whatever the options say.
    const config = testConfig({ ...overrides, databaseUrl: url });
    const mailer = await createMailer(config, () => {});
    mailers.push(mailer);
    const app = await buildApp({ identity: {}, rateLimitEnabled: false, ...rest, config, db, mailer });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    db: testDb.db,
    async close() {
      for (const app of apps) await app.close();
      for (const m of mailers) await m.close();
      for (const db of dbs.slice(1)) await db.destroy();
      await testDb.close();
    },
  };
}

let checks:
  { doc: OpenApiDocument; validator: ContractValidator; operations: Map<string, Operation> } | undefined;

/** The contract's validator and operations by id, made once per document (listing them derefs the whole contract). */
function validatorOf(doc: OpenApiDocument) {
  if (!checks || checks.doc !== doc)
    checks = {
      doc,
      validator: contractValidator(doc),
      operations: new Map(listOperations(doc).map((o) => [o.operationId, o])),
    };
  return checks;
}

/** The contract's operation of that id (from the same table the answers are checked with). */
export function contractOperation(operationId: string, doc = loadContract()): Operation {
  const op = validatorOf(doc).operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op;
}

/**
 * Checks an answer against the contract: the operation's documented status and, when the contract gives
 * a schema for it, the body. Returns a list of problems (empty when the answer conforms).
 */
export function contractProblems(
  operationId: string,
  status: number,
  body: unknown,
  doc = loadContract(),
): string[] {
  const { validator, operations } = validatorOf(doc);
  const op = operations.get(operationId);
  if (!op) return [`no operation ${operationId}`];
  const documented =
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!documented) return [`${operationId} does not document status ${status}`];
  const validate = validator.responseValidator(op, status);
  if (!validate) return [];
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** Injects a request and checks the answer against the contract (status documented, body schema). */
export async function callContract(app: FastifyInstance, operationId: string, options: InjectOptions) {
  const res = await app.inject(options);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body: any =
    String(res.headers['content-type'] ?? '').includes('json') && res.body ? res.json() : res.body;
  expect(
    contractProblems(operationId, res.statusCode, body),
    `${operationId} ${res.statusCode} ${res.body}`,
  ).toEqual([]);
  return { res, body };
}

/** An injector of one app checking every answer against the contract (callContract with the app given). */
export function caller(t: Pick<TestApp, 'app'>) {
  return (operationId: string, options: InjectOptions) => callContract(t.app, operationId, options);
}

/** Problems of a value against a schema of the contract's components (empty when it conforms). */
export function schemaProblems(schemaName: string, value: unknown, doc = loadContract()): string[] {
  const validate = validatorOf(doc).validator.componentValidator(schemaName);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** The status of a call at a literal URL as `user`: a deliberately malformed path, which operate would encode. */
export async function statusAtUrl(
  t: Pick<TestApp, 'app'>,
  user: string | null,
  operationId: string,
  url: string,
): Promise<number> {
  const method = contractOperation(operationId).method.toUpperCase() as InjectOptions['method'];
  return (await callContract(t.app, operationId, { method, url, headers: testUser(user) })).res.statusCode;
}

/**
 * The rows of `table` whose columns hold the given values (in the order of `orderBy` when given): what a test
 * reads back to check what a call wrote or removed (`[]` when none).
 */
export async function rowsWhere<T extends keyof Database & string>(
  db: Db,
  table: T,
  where: Partial<Selectable<Database[T]>>,
  orderBy?: keyof Database[T] & string,
): Promise<Selectable<Database[T]>[]> {
  let query = db.selectFrom(table as keyof Database).selectAll();
  for (const [column, value] of Object.entries(where))
    query = query.where(sql.ref(column), value === null ? 'is' : '=', value as never);
  if (orderBy) query = query.orderBy(sql.ref(orderBy));
  return (await query.execute()) as Selectable<Database[T]>[];
}
