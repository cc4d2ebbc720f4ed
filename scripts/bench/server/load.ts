/** One load run with autocannon: requests per second, p99 latency, and the answers that were not 2xx. */
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.TEND_BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

export interface LoadFigures {
  rps: number;
  p99: number;
  bad: number;
}

/**
 * 50 connections for SECONDS against `paths` (taken in turn by each connection); with `tokens`, each
 * connection is one of those signed-in users (round robin), as the bearer of every request it sends.
 */
export async function load(
  base: string,
  paths: string[],
  options: { method?: 'GET' | 'POST'; tokens?: string[] } = {},
): Promise<LoadFigures> {
  let next = 0;
  const tokens = options.tokens ?? [];
  const requests = paths.map((path) => ({
    path,
    method: options.method ?? 'GET',
    setupRequest: (request: autocannon.Request, context: object) => {
      const ctx = context as { bearer?: string };
      if (tokens.length > 0) ctx.bearer ??= tokens[next++ % tokens.length];
      return ctx.bearer
        ? { ...request, headers: { ...request.headers, authorization: `Bearer ${ctx.bearer}` } }
        : request;
    },
  }));
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}
