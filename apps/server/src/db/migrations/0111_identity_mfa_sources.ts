import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Second-factor attempt limits per source (src/auth/mfa/limiter.ts): each failure records where it came
// from (a keyed hash of the client address, never the address), so failures are limited per user and
// source and per source across users; devices that passed a user's second factor before (a keyed hash of
// an httpOnly device cookie) are exempt from the user's back-off; and the time of the last warning mail.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mfa_failures').addColumn('source', 'text').execute();
  await db.schema
    .createIndex('mfa_failures_source_at')
    .on('mfa_failures')
    .columns(['source', 'at'])
    .execute();
  await db.schema
    .createTable('mfa_known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('last_passed_at', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) =>
      c.notNull().defaultTo(sql`(extract(epoch from now()) * 1000)::int8`),
    )
    .addPrimaryKeyConstraint('mfa_known_devices_pk', ['user_id', 'device'])
    .execute();
  await db.schema
    .createTable('mfa_failure_alerts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'int8', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_failure_alerts').ifExists().execute();
  await db.schema.dropTable('mfa_known_devices').ifExists().execute();
  await db.schema.dropIndex('mfa_failures_source_at').ifExists().execute();
  await db.schema.alterTable('mfa_failures').dropColumn('source').execute();
}
