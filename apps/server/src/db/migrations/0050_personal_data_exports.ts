import { sql, type Kysely } from 'kysely';

// The log of patients' self-service exports of their own data (GET /patient/my-data/export): who, when,
// how much. No content is kept. `user_id` follows the users-data naming rule, so the log itself is in the
// patient's next export and is erased with the account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('personal_data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('personal_data_exports_user')
    .on('personal_data_exports')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('personal_data_exports').ifExists().execute();
}
