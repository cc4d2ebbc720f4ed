import { sql, type Kysely } from 'kysely';

// Whether a patient's care team may read their safety plan. A patient without a row shares it
// (the default, told on the safety plan page); a row records the patient's own choice and when they made it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('safety_plan_sharing')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('shared', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('safety_plan_sharing').ifExists().execute();
}
