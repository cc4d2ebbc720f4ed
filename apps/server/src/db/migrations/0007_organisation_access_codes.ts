import type { Kysely } from 'kysely';

// An organisation's own access code: what people type at sign-up to join it as patients (tag `join`).
// Unique across organisations; null until one is given (new organisations get one at creation).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('access_code', 'text').execute();
  await db.schema
    .createIndex('organisations_access_code_key')
    .unique()
    .on('organisations')
    .column('access_code')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('organisations_access_code_key').ifExists().execute();
  await db.schema.alterTable('organisations').dropColumn('access_code').execute();
}
