import { sql, type Kysely } from 'kysely';

// The caseload row's next appointment (listAssignedPatients): for each row of a page, the first booked
// appointment of the patient with the caller that has not ended, one probe of this index per row.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('appointments_booked_patient_therapist_start')
    .on('appointments')
    .columns(['patient_id', 'therapist_id', 'starts_at', 'id'])
    .where(sql.ref('status'), '=', 'booked')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_booked_patient_therapist_start').ifExists().execute();
}
