import { sql, type Kysely } from 'kysely';

// What the other side of an appointment has not seen yet: a patient's booking, move or cancellation is a
// notice to the therapist, a therapist's move or cancellation one to the patient (tag `appointments`,
// listAppointmentNotices / markAppointmentNoticesSeen). One row per change and person told; `seen_at` set when
// they dismiss it. The notice keeps the start before and after the change and the reason given, as they were
// at that change (the appointment itself may change again). It goes with the appointment.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('by_side', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('previous_starts_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz')
    .addCheckConstraint('appointment_notices_change', sql`change in ('booked', 'moved', 'cancelled')`)
    .addCheckConstraint('appointment_notices_by', sql`by_side in ('patient', 'therapist')`)
    .execute();
  // A person's unseen notices, newest first (the list and its count).
  await db.schema
    .createIndex('appointment_notices_unseen')
    .on('appointment_notices')
    .columns(['recipient_id', 'created_at desc', 'id desc'])
    .where(sql.ref('seen_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_notices').ifExists().execute();
}
