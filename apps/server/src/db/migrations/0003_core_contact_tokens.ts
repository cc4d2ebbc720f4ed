import { sql, type Kysely } from 'kysely';

// Contact tokens: the token a client's or organisation's contact page sends with callback and check-in
// requests (unknown or expired → 403 invalid_token).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('contact_requests').addColumn('contact_token', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_requests').dropColumn('contact_token').execute();
  await db.schema.dropTable('contact_tokens').ifExists().execute();
}
