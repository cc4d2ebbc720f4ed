/**
 * The caseload read at scale: one page of 20 of the demo therapist's 10,000 patients (the large data set), as
 * requests per second and p99 under load (autocannon, 50 connections, the therapist's ID token), each beside
 * `GET /server-status` measured in the same round, so that the figures are ratios to what this machine does
 * at that moment (2 cores shared with other work: the ratios matter, not the absolute numbers).
 *
 * Two calls of the same pages: the spec's older offset parameters (`skip`/`limit`, still answered), and the
 * keyset cursor (`paginationCursor`) the console pages with. Both read pages spread over the whole list
 * (the first page, and pages 1/8, 2/8 … 7/8 of the way down), so a deep page costs what it costs. On the
 * stack's database: PGlite, or PostgreSQL with DATABASE_URL (`bash apps/server/scripts/with-postgres.sh npm run
 * bench -- caseload`). The figures
 * of the offset call as it was before the keyset cursor and its indexes (RECORDED_BEFORE) are printed with
 * them: the offset call today shares the indexes, so it is faster than it was.
 * `TEND_BENCH_SECONDS` (10) and `TEND_BENCH_ROUNDS` (3) change the sizes.
 */
import { request as playwrightRequest } from '@playwright/test';
import autocannon from 'autocannon';
import { SERVER_PORT } from '../../packages/config/src/ports.ts';
import { signInByApi } from '../../packages/auth/e2e/accounts.ts';
import { median, printTable, type BenchSection } from './types.ts';

const SECONDS = Number(process.env.TEND_BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.TEND_BENCH_ROUNDS ?? 3);
/** A read bound by the database (PGlite answers one query at a time): more connections only queue. */
const CONNECTIONS = Number(process.env.TEND_BENCH_CONNECTIONS ?? 10);
const PAGE = 20;
const API = `http://127.0.0.1:${SERVER_PORT}`;
const THERAPIST = 'therapist@example.com';

/**
 * The offset call as it was before the keyset cursor and its indexes (this section on this machine, on the
 * commit before them, PostgreSQL, 10 connections, 27 Nov 2026 at a load average of 3-6; median of 3 rounds: 54
 * requests/s and p99 313 ms beside 2,724 and 10 ms of `/server-status`): requests per second and p99 as ratios
 * to `/server-status` in the same rounds. Not recorded on PGlite.
 */
const RECORDED_BEFORE: Record<'PostgreSQL' | 'PGlite', { rps: number; p99: number } | undefined> = {
  PostgreSQL: { rps: 0.02, p99: 29.7 },
  PGlite: undefined,
};

interface Figures {
  rps: number;
  p99: number;
  bad: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server has worked off what the last run left queued (a quick /server-status, or 60 s). */
async function drained(): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    const ok = await fetch(`${API}/server-status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await sleep(500);
  }
}

async function load(paths: string[], bearer?: string): Promise<Figures> {
  await drained();
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  const result = await autocannon({
    url: API,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((path) => ({ path, method: 'GET', headers })),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

interface CaseloadPage {
  items: unknown[];
  total: number;
  paginationCursor?: string | null;
}

/** The same positions of the list by offset and by cursor (the cursors found by walking the whole list). */
async function pagesToRead(bearer: string): Promise<{ offset: string[]; cursor: string[] | undefined }> {
  const get = async (query: string): Promise<CaseloadPage> => {
    const response = await fetch(`${API}/therapist/assigned-patients?limit=${PAGE}${query}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    if (!response.ok) throw new Error(`caseload page: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as CaseloadPage;
  };
  const first = await get('');
  const pages = Math.ceil(first.total / PAGE);
  const wanted = Array.from({ length: 8 }, (_, i) => Math.floor((i * pages) / 8));
  const offset = wanted.map((p) => `/therapist/assigned-patients?limit=${PAGE}&skip=${p * PAGE}`);
  if (first.paginationCursor === undefined) return { offset, cursor: undefined };
  const cursor: string[] = [`/therapist/assigned-patients?limit=${PAGE}`];
  let page = first;
  for (let n = 1; n <= wanted.at(-1)! && page.paginationCursor; n++) {
    const next = encodeURIComponent(page.paginationCursor);
    if (wanted.includes(n))
      cursor.push(`/therapist/assigned-patients?limit=${PAGE}&paginationCursor=${next}`);
    page = await get(`&paginationCursor=${next}`);
  }
  return { offset, cursor };
}

const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;

const section: BenchSection = {
  name: 'caseload',
  title: `Caseload at scale: one page of ${PAGE} of 10,000 patients under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS} rounds, ratios to /server-status in the same round)`,
  async run(ctx) {
    await ctx.stack();
    const request = await playwrightRequest.newContext();
    const bearer = await signInByApi(request, THERAPIST, ['therapist']);
    await request.dispose();
    const paths = await pagesToRead(bearer);
    // Warm-up: the first requests compile routes, fill caches and plans.
    await load(['/server-status']);
    await load(paths.offset, bearer);
    if (paths.cursor) await load(paths.cursor, bearer);
    const rows: Record<'status' | 'offset' | 'cursor', Figures[]> = { status: [], offset: [], cursor: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rows.status.push(await load(['/server-status']));
      rows.offset.push(await load(paths.offset, bearer));
      if (paths.cursor) rows.cursor.push(await load(paths.cursor, bearer));
    }
    const status = { rps: median(rows.status.map((r) => r.rps)), p99: median(rows.status.map((r) => r.p99)) };
    // Each round's ratio, then their median (the machine's speed changes between rounds).
    const ratios = (list: Figures[]) => ({
      rps: median(list.map((r, i) => r.rps / rows.status[i]!.rps)),
      p99: median(list.map((r, i) => r.p99 / Math.max(1, rows.status[i]!.p99))),
    });
    const table: Array<Array<string | number>> = [
      ['call', 'requests/s', 'of /server-status', 'p99 ms', 'p99 / status p99', 'non-2xx + errors'],
      ['GET /server-status', Math.round(status.rps), '1.00×', status.p99, '1.00×', 0],
    ];
    const line = (name: string, list: Figures[]) => {
      const r = ratios(list);
      table.push([
        name,
        Math.round(median(list.map((f) => f.rps))),
        `${r.rps.toFixed(3)}×`,
        median(list.map((f) => f.p99)),
        `${r.p99.toFixed(1)}×`,
        list.reduce((n, f) => n + f.bad, 0),
      ]);
      return r;
    };
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const recorded = RECORDED_BEFORE[database];
    if (recorded)
      table.push([
        'before: offset call (skip/limit) as it was, recorded',
        '',
        `${recorded.rps.toFixed(3)}×`,
        '',
        `${recorded.p99.toFixed(1)}×`,
        '',
      ]);
    const offset = line('offset call (skip/limit), today', rows.offset);
    const cursor = paths.cursor ? line('after: keyset cursor (paginationCursor)', rows.cursor) : undefined;
    console.log(`  database: ${database}`);
    printTable(table);
    if (!cursor) console.log('  the server has no keyset cursor for the caseload: offset call only');
    else {
      const before = recorded ?? offset;
      console.log(
        `  keyset cursor against the offset call${recorded ? ' as it was (recorded)' : ' today'}: ${ratio(cursor.rps, before.rps)} the requests per second, ${ratio(cursor.p99, before.p99)} the p99 (as ratios to /server-status)`,
      );
      if (recorded)
        console.log(
          `  against the offset call today: ${ratio(cursor.rps, offset.rps)} the requests per second, ${ratio(cursor.p99, offset.p99)} the p99`,
        );
    }
  },
};
export default section;
