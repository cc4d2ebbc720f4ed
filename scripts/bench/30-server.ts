/**
 * The server under load: `GET /server-status` beside an authenticated read (`GET /iams/account-details/summary`)
 * and an authenticated write (`POST /iams/account-details/language`, alternating two languages so that every
 * request changes the row) on the same instance, 50 connections spread over ten signed-in patients (as many
 * people would be, not one row written 50 times at once), 10 s each, three rounds side by side (medians
 * printed); then how many chat event streams one instance holds while every message still reaches every
 * stream. On PGlite, and on PostgreSQL when it is installed.
 *
 * Self-contained: it starts its own Auth emulator and server processes on free ports (not ctx.stack()), signs
 * in like the apps do (password → customToken → signInWithCustomToken) and stops everything it started.
 * Its parts are in ./server/: processes.ts (starting and stopping them), sign-in.ts, load.ts (one autocannon
 * run), streams.ts (holding chat event streams).
 * `TEND_BENCH_SECONDS` (10), `TEND_BENCH_ROUNDS` (3) and `TEND_BENCH_STREAMS` (1000,2000,4000) change the sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTIONS, load, SECONDS, type LoadFigures } from './server/load.ts';
import { startPostgres, startServer } from './server/processes.ts';
import { signIn } from './server/sign-in.ts';
import { HOLD_MS, holdStreams } from './server/streams.ts';
import { median, printTable, type BenchContext, type BenchSection } from './types.ts';

const ROUNDS = Number(process.env.TEND_BENCH_ROUNDS ?? 3);
const STREAM_STEPS = (process.env.TEND_BENCH_STREAMS ?? '1000,2000,4000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PATIENTS = [
  'patient@example.com',
  ...[3, 4, 5, 6, 8, 9, 10, 11, 12].map((n) => `patient${n}@example.com`),
];

type Rows = Array<Array<string | number>>;

async function benchOne(
  root: string,
  work: string,
  kind: 'PGlite' | 'PostgreSQL',
  emulatorHost: string,
  out: { load: Rows; streams: Rows },
  databaseUrl?: string,
) {
  const server = await startServer(root, work, `server-${kind}`, {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    // Ten demo patients without a second factor (patient-02 has the e-mail one).
    const tokens: string[] = [];
    for (const email of PATIENTS) tokens.push(await signIn(emulatorHost, server.url, email));
    const rows: Record<'status' | 'read' | 'write', LoadFigures[]> = { status: [], read: [], write: [] };
    const languages = [
      '/iams/account-details/language?language=en-GB',
      '/iams/account-details/language?language=en',
    ];
    // Warm-up: the first requests compile routes, fill caches and fetch keys.
    await load(server.url, ['/server-status']).catch(() => undefined);
    await load(server.url, ['/iams/account-details/summary'], { tokens }).catch(() => undefined);
    for (let round = 0; round < ROUNDS; round++) {
      rows.status.push(await load(server.url, ['/server-status']));
      rows.read.push(await load(server.url, ['/iams/account-details/summary'], { tokens }));
      rows.write.push(await load(server.url, languages, { method: 'POST', tokens }));
    }
    const status = median(rows.status.map((r) => r.rps));
    const figures = (name: string, list: LoadFigures[]) => {
      const rps = median(list.map((r) => r.rps));
      return [
        `${kind}: ${name}`,
        Math.round(rps),
        `${Math.round((rps / status) * 100)}%`,
        median(list.map((r) => r.p99)),
        list.reduce((n, r) => n + r.bad, 0),
      ];
    };
    out.load.push(
      figures('GET /server-status', rows.status),
      figures('authenticated read (GET /iams/account-details/summary)', rows.read),
      figures('authenticated write (POST /iams/account-details/language)', rows.write),
    );

    const chatter = await signIn(emulatorHost, server.url, 'patient7@example.com');
    for (const count of STREAM_STEPS) {
      const result = await holdStreams(server.url, chatter, count);
      out.streams.push([
        `${kind}: ${count} streams held ${HOLD_MS / 1000} s`,
        result.opened,
        result.messages,
        result.delivered,
      ]);
      if (result.delivered < count) break;
    }
  } finally {
    await server.stop();
  }
}

const section: BenchSection = {
  name: 'server',
  title: `Server under load (autocannon, ${CONNECTIONS} connections over ${PATIENTS.length} signed-in patients, ${SECONDS} s per run, median of ${ROUNDS} rounds side by side)`,
  async run(ctx: BenchContext) {
    const work = mkdtempSync(join(tmpdir(), 'tend-bench-server-'));
    const { startAuthEmulator } = await import('../../apps/server/test/identity/auth-emulator.ts');
    const emulator = await startAuthEmulator();
    const loadRows: Rows = [['run', 'requests/s', 'of /server-status', 'p99 ms', 'non-2xx + errors']];
    const streamRows: Rows = [
      ['chat event streams (one instance)', 'opened', 'messages sent', 'streams that got every message'],
    ];
    let failed = false;
    try {
      const out = { load: loadRows, streams: streamRows };
      await benchOne(ctx.root, work, 'PGlite', emulator.host, out);
      const pg = await startPostgres(ctx.root, work);
      if (!pg) console.log('  PostgreSQL is not installed: PGlite only.');
      else {
        try {
          await benchOne(ctx.root, work, 'PostgreSQL', emulator.host, out, pg.url);
        } finally {
          await pg.stop();
        }
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      printTable(loadRows);
      console.log('');
      printTable(streamRows);
      await emulator.stop();
      if (failed) console.log(`  logs kept in ${work}`);
      else rmSync(work, { recursive: true, force: true });
    }
  },
};
export default section;
