import { sql, type Kysely } from 'kysely';

// Therapist console:
// - a high-risk notification (therapist_notifications.kind = 'high-risk') is an alert the therapist
//   acknowledges: who, when and a note;
// - a patient's welfare contact (the one person their care team may ask to check in on them);
// - the caseload's order at 10,000 patients: each patient's latest own activity from an index
//   (max(updated_at) of the moments they wrote), and the open alerts of a therapist.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('therapist_notifications')
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addColumn('acknowledgement_note', 'text')
    .execute();
  await db.schema
    .createIndex('therapist_notifications_open')
    .on('therapist_notifications')
    .columns(['therapist_id', 'kind', 'acknowledged_at', 'created_at'])
    .execute();
  await db.schema
    .createIndex('therapist_notifications_patient')
    .on('therapist_notifications')
    .columns(['patient_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createTable('patient_welfare_contacts')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('moments_patient_author_updated')
    .on('moments')
    .columns(['patient_id', 'created_by', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('care_team_therapist')
    .on('care_team')
    .columns(['therapist_id', 'patient_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('care_team_therapist').ifExists().execute();
  await db.schema.dropIndex('moments_patient_author_updated').ifExists().execute();
  await db.schema.dropTable('patient_welfare_contacts').ifExists().execute();
  await db.schema.dropIndex('therapist_notifications_patient').ifExists().execute();
  await db.schema.dropIndex('therapist_notifications_open').ifExists().execute();
  await db.schema
    .alterTable('therapist_notifications')
    .dropColumn('acknowledgement_note')
    .dropColumn('acknowledged_by')
    .dropColumn('acknowledged_at')
    .execute();
}
