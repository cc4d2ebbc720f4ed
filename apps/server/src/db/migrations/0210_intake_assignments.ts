import { sql, type Kysely } from 'kysely';

// Intake (the admin console's Intake page): every placement of a patient with a therapist by an organisation's administrator or
// lead therapist (first assignment and reassignment, with the reason kept), and who leads an organisation's
// intake among its therapists. Column names follow the users-data rule (patient_id owner; therapist_id,
// actor_id and handed_over_by references) so exports and erasure find them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('care_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    // The therapist the patient was placed with (as lead).
    .addColumn('therapist_id', 'text', (c) => c.notNull())
    // The lead therapist the patient was moved from (null for a first placement from the queue).
    .addColumn('handed_over_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('care_assignments_patient')
    .on('care_assignments')
    .columns(['patient_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('care_assignments').ifExists().execute();
}
