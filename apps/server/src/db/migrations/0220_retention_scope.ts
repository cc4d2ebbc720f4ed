import type { Kysely } from 'kysely';

// Data retention covers the patient's own logged data, not only moments: the retention log counts, per run and
// organisation, the survey responses and the exercise sessions (rewards) it removed beside the moments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('retention_log')
    .addColumn('survey_responses_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('retention_log')
    .addColumn('reward_sessions_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('retention_log').dropColumn('reward_sessions_removed').execute();
  await db.schema.alterTable('retention_log').dropColumn('survey_responses_removed').execute();
}
