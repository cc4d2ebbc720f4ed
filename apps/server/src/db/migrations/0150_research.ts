import { sql, type Kysely } from 'kysely';

// Research settings that apply:
// - research_consents: a patient's answer to their organisation's research question (asked once where
//   research is enabled and consent required; changed in Account). Reports carrying research data read it.
// - retention_runs: one row per UTC day the retention job was scheduled; the primary key makes the day's
//   job scheduled once across server instances (the first insert wins).
// - retention_log: what each run removed, per organisation, with the retention in force (the audit log).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('research_consents')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('study_id', 'text')
    .addColumn('consented', 'boolean', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('retention_runs')
    .addColumn('run_date', 'date', (c) => c.primaryKey())
    .addColumn('scheduled_by', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('retention_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('run_date', 'date', (c) => c.notNull())
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('cutoff', 'timestamptz', (c) => c.notNull())
    .addColumn('moments_removed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('retention_log_org_time')
    .on('retention_log')
    .columns(['organisation_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retention_log').ifExists().execute();
  await db.schema.dropTable('retention_runs').ifExists().execute();
  await db.schema.dropTable('research_consents').ifExists().execute();
}
