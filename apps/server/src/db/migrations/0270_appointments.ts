import { sql, type Kysely } from 'kysely';

// Appointments (tag `appointments`): an organisation's appointment settings, the appointments, the blocks
// that keep them from overlapping, and the reminders sent.
//
// No double booking is the database's rule, not only the server's: each booked appointment holds one row
// of appointment_blocks per 5 minutes it covers (starts and lengths are whole multiples of 5 minutes), and
// (therapist_id, block_start) and (patient_id, block_start) are unique. Two requests for one slot, from any
// number of server instances, cannot both commit: the second waits for the first's index entry and fails
// with a unique violation (the server answers 409 slot_taken). An exclusion constraint over time ranges would
// say the same but needs the btree_gist extension, which PGlite and a restricted PostgreSQL role may lack.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_settings')
    .addColumn('organisation_id', 'text', (c) =>
      c.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('horizon_weeks', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('notice_hours', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('kinds', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'["video","phone","in-person","chat"]'::jsonb`),
    )
    .addColumn('video_link_template', 'text')
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'appointment_settings_slot',
      sql`slot_minutes between 15 and 240 and slot_minutes % 5 = 0`,
    )
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('therapist_id', 'text', (c) => c.notNull().references('therapists.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_link', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancelled_by', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('move_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('appointments_times', sql`ends_at > starts_at`)
    .addCheckConstraint('appointments_status', sql`status in ('booked', 'cancelled')`)
    .addCheckConstraint('appointments_kind', sql`kind in ('video', 'phone', 'in-person', 'chat')`)
    .addCheckConstraint(
      'appointments_cancelled_by',
      sql`cancelled_by is null or cancelled_by in ('patient', 'therapist')`,
    )
    .execute();
  await db.schema
    .createIndex('appointments_therapist_start')
    .on('appointments')
    .columns(['therapist_id', 'starts_at', 'id'])
    .execute();
  await db.schema
    .createIndex('appointments_patient_start')
    .on('appointments')
    .columns(['patient_id', 'starts_at', 'id'])
    .execute();

  await db.schema
    .createTable('appointment_blocks')
    .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('therapist_id', 'text', (c) => c.notNull())
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('block_start', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('appointment_blocks_pk', ['appointment_id', 'block_start'])
    .addUniqueConstraint('appointment_blocks_therapist', ['therapist_id', 'block_start'])
    .addUniqueConstraint('appointment_blocks_patient', ['patient_id', 'block_start'])
    .execute();

  // One reminder per appointment and start, whichever instance runs the reminder job (and however often).
  await db.schema
    .createTable('appointment_reminders')
    .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('appointment_reminders_pk', ['appointment_id', 'starts_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_reminders').ifExists().execute();
  await db.schema.dropTable('appointment_blocks').ifExists().execute();
  await db.schema.dropTable('appointments').ifExists().execute();
  await db.schema.dropTable('appointment_settings').ifExists().execute();
}
