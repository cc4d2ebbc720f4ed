import type { Kysely } from 'kysely';

// HTTP rate limits counted in the database (src/http/rate-limit-store.ts), so every server instance over
// the one database shares the counts and a restart keeps them. One row per limited route and client key
// (the client address, or what the route's key generator gives): the hits of the current window and when
// the window ends. Rows whose window ended long ago are pruned by the store.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_reset')
    .on('rate_limit_counters')
    .column('reset_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
}
