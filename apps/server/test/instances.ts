// Two server instances over one database, as the tests of what crosses instances need them: on PostgreSQL
// (DATABASE_URL, `npm run test:pg`) two apps each with its own pool over one database (createInstances), as
// two processes would be; on PGlite two apps over the one in-memory database (the same rows, so what is
// shared through the database is shared; PGlite runs one statement at a time, so races need PostgreSQL).
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/index.ts';
import { createInstances, createTestApp } from './helpers.ts';

export interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Closes instance b and starts a new one over the same database (a restart). */
  restartB(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

type Options = Partial<Omit<BuildAppOptions, 'config' | 'db' | 'mailer'>> & { config?: Partial<Config> };

export async function twoInstances(options: Options = {}): Promise<Pair> {
  if (process.env.DATABASE_URL) {
    const instances = await createInstances(3, options);
    const [a, b, spare] = instances.apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const pair: Pair = {
      a,
      b,
      db: instances.db,
      kind: 'postgres',
      async restartB() {
        await pair.b.close();
        pair.b = spare;
        return spare;
      },
      close: () => instances.close(),
    };
    return pair;
  }
  const t = await createTestApp(options);
  const { config: _ignored, ...rest } = options;
  const build = async () => {
    const app = await buildApp({ identity: {}, ...rest, config: t.config, db: t.db, mailer: t.mailer });
    await app.ready();
    return app;
  };
  const extra: FastifyInstance[] = [];
  const b = await build();
  extra.push(b);
  const pair: Pair = {
    a: t.app,
    b,
    db: t.db,
    kind: 'pglite',
    async restartB() {
      await pair.b.close();
      pair.b = await build();
      extra.push(pair.b);
      return pair.b;
    },
    async close() {
      for (const app of extra) await app.close().catch(() => {});
      await t.close();
    },
  };
  return pair;
}
