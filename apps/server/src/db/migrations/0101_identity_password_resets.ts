import type { Kysely } from 'kysely';

// Password-reset mails sent, per address: at most a few an hour, so the forgot-password call cannot be
// used to flood someone's inbox. Times are epoch milliseconds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_reset_mails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_mails_email')
    .on('password_reset_mails')
    .columns(['email', 'at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_mails').ifExists().execute();
}
