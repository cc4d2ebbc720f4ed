import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { createDb, dumpPgliteDataDir, type Db } from '../src/db/index.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { ContractValidator } from '../src/http/validation.ts';
import { listOperations, loadContract, type OpenApiDocument } from '../src/http/contract.ts';
import { testResolveUser } from './users.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));

/**
 * A migrated, empty PGlite data directory, made once and kept in the temp directory under the hash of
 * the migration files: every test file starts its own in-memory database from it instead of an initdb.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  // The PGlite version too: a data directory of another version may not load.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  const path = join(tmpdir(), `tend-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
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
  close(): Promise<void>;
}

/**
 * A database of the test file's own: PGlite in memory, or with DATABASE_URL a fresh schema on that
 * PostgreSQL (dropped on close), so test files never see each other's rows.
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createPgliteTestDb();
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  // Kysely's migrator reads the tables of every schema (its introspector), and a table dropped by another test
  // file at that moment fails the read ("relation t_….kysely_migration does not exist"). So creating (shared)
  // and dropping (exclusive) a schema take one advisory lock: migrations run side by side, a drop waits for them.
  const db = await withSchemaLock(url, 'shared', () => createDb({ url, schema }));
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy();
      await withSchemaLock(url, 'exclusive', async (client) => {
        await client.query(`drop schema if exists ${schema} cascade`);
      });
    },
  };
}

/** The advisory lock key of test schemas (any fixed number no other code uses). */
const SCHEMA_LOCK = 7_720_531;

/**
 * Runs `fn` holding the test schemas' advisory lock: shared while a schema is made or migrated, exclusive while
 * one is dropped (see createTestDb). A test that makes or drops a schema of its own takes it the same way.
 */
export async function withSchemaLock<T>(
  url: string,
  mode: 'shared' | 'exclusive',
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)',
      [SCHEMA_LOCK],
    );
    return await fn(client);
  } finally {
    await client.end();
  }
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
  const config = testConfig(options.config ?? {});
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
 * Several app instances on one PostgreSQL database and schema, each with its own pool, as separate server
 * processes would be (tests of what crosses processes: LISTEN/NOTIFY). PostgreSQL only (DATABASE_URL).
 */
export async function createInstances(
  count: number,
  options: Partial<Omit<BuildAppOptions, 'config' | 'db' | 'mailer'>> & { config?: Partial<Config> } = {},
): Promise<Instances> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('createInstances needs DATABASE_URL (PostgreSQL)');
  const testDb = await createTestDb();
  const schema = (
    await testDb.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()
  ).s;
  const dbs: Db[] = [testDb.db];
  const apps: FastifyInstance[] = [];
  const mailers: Mailer[] = [];
  const { config: overrides, ...rest } = options;
  for (let i = 0; i < count; i++) {
    const db = i === 0 ? testDb.db : await createDb({ url, schema, migrate: false });
    if (i > 0) dbs.push(db);
    const config = testConfig({ databaseUrl: url, ...overrides });
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

let contractValidator: { doc: OpenApiDocument; validator: ContractValidator } | undefined;

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
  if (!contractValidator || contractValidator.doc !== doc)
    contractValidator = { doc, validator: new ContractValidator(doc) };
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) return [`no operation ${operationId}`];
  const documented =
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!documented) return [`${operationId} does not document status ${status}`];
  const validate = contractValidator.validator.responseValidator(op, status);
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
  if (!contractValidator || contractValidator.doc !== doc)
    contractValidator = { doc, validator: new ContractValidator(doc) };
  const validate = contractValidator.validator.componentValidator(schemaName);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
