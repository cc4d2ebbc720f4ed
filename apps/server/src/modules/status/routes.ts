import { sql } from 'kysely';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export const handlers: Handlers = {
  /** Opens a database connection (the pool warms up) and acknowledges. */
  warmupInstance: async (_request, ctx) => {
    await sql`select 1`.execute(ctx.db);
    return { status: 'ok' };
  },
  startInstance: () => ({ status: 'ok' }),
  /** Never stops the process: the platform does that after this hook. */
  stopInstance: () => ({ status: 'ok' }),
  getServerStatus: async (_request, ctx) => respond(200, await ctx.status.status(), NO_STORE),
  /** The status host's file, served by this server locally (the `t` cache buster is accepted and ignored). */
  getStatusFile: async (_request, ctx) => respond(200, await ctx.status.status(), NO_STORE),
  getServerTime: () => respond(200, Date.now(), NO_STORE),
};
