import type { Kysely } from 'kysely';

// "Since you last looked": when each therapist last opened each patient's record (up to the instant of the
// summary they were shown). One row per therapist and patient, its key the caseload's lookup (the caseload
// page reads it for its rows only); it goes with the patient or the therapist. A patient's own moments by when
// the server received them: "a moment of theirs new since" is one probe of this index (the caseload's per-row
// test, and the summary's counts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('patient_record_views')
    .addColumn('therapist_id', 'text', (c) => c.notNull().references('therapists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('patient_record_views_pk', ['therapist_id', 'patient_id'])
    .execute();
  await db.schema
    .createIndex('moments_patient_author_created')
    .on('moments')
    .columns(['patient_id', 'created_by', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('moments_patient_author_created').ifExists().execute();
  await db.schema.dropTable('patient_record_views').ifExists().execute();
}
