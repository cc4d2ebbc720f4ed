import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Part 2, care area: file moments, risk flags and their history, therapist notifications, care-team
// events and data-sharing consents, access codes, availability, onboarding responses, patient metadata,
// rewards and push tokens. Every patient-owned row cascades from patients (deleting a patient erases it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const patientRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('patients.id').onDelete('cascade');
  const therapistRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('therapists.id').onDelete('cascade');

  // Newest-first paging of a patient's moments by (start, id).
  await db.schema
    .createIndex('moments_patient_start_id')
    .on('moments')
    .columns(['patient_id', 'start_at', 'id'])
    .execute();

  await db.schema
    .createTable('moment_files')
    .addColumn('moment_id', 'text', (c) => c.primaryKey().references('moments.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('patient_risk')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('high_risk', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('flagged_at', 'timestamptz')
    .addColumn('flagged_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('risk_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('high_risk', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('risk_events_patient')
    .on('risk_events')
    .columns(['patient_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('therapist_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('therapist_id', 'text', therapistRef)
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('therapist_notifications_therapist')
    .on('therapist_notifications')
    .columns(['therapist_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('care_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('therapist_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('care_events_patient')
    .on('care_events')
    .columns(['patient_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('data_sharing_consents')
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('therapist_id', 'text', therapistRef)
    .addColumn('consented_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('data_sharing_consents_pk', ['patient_id', 'therapist_id'])
    .execute();

  await db.schema
    .createTable('patient_access_codes')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('therapist_availability')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('therapist_id', 'text', therapistRef)
    .addColumn('day_of_week', 'integer', (c) => c.notNull().check(sql`day_of_week between 1 and 7`))
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'therapist_availability_range',
      sql`start_minute >= 0 and end_minute <= 1440 and end_minute > start_minute`,
    )
    .execute();
  await db.schema
    .createIndex('therapist_availability_therapist')
    .on('therapist_availability')
    .columns(['therapist_id', 'day_of_week'])
    .execute();

  await db.schema
    .createTable('onboarding_survey_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('url_suffix', 'text', (c) => c.notNull())
    .addColumn('survey_id', 'text')
    .addColumn('response_data', 'jsonb', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('onboarding_survey_responses_patient')
    .on('onboarding_survey_responses')
    .columns(['patient_id', 'url_suffix'])
    .execute();

  await db.schema
    .createTable('patient_metadata')
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('patient_metadata_pk', ['patient_id', 'document_id'])
    .execute();

  await db.schema
    .createTable('reward_sessions')
    .addColumn('patient_id', 'text', patientRef)
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('is_recommended', 'boolean', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('reward_sessions_pk', ['patient_id', 'session_id'])
    .execute();

  await db.schema
    .createTable('push_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('push_tokens_user').on('push_tokens').column('user_id').execute();
  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'push_settings',
    'push_tokens',
    'reward_sessions',
    'patient_metadata',
    'onboarding_survey_responses',
    'therapist_availability',
    'patient_access_codes',
    'data_sharing_consents',
    'care_events',
    'therapist_notifications',
    'risk_events',
    'patient_risk',
    'moment_files',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('moments_patient_start_id').ifExists().execute();
}
