import { sql, type Kysely } from 'kysely';

// Core tables: settings, organisations and clients, care data (therapists, patients, care team, moments,
// chats), and the public calls' storage. Written once for PGlite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('app_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('subscription', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('research_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('max_redemptions', 'integer')
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('therapists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('biography', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/London'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('patients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('high_risk', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('care_team')
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('therapist_id', 'text', (c) => c.notNull().references('therapists.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('lead', 'invited', 'handover')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('care_team_pk', ['patient_id', 'therapist_id'])
    .execute();

  await db.schema
    .createTable('moments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('moments_patient_type_start')
    .on('moments')
    .columns(['patient_id', 'event_type', 'start_at'])
    .execute();

  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('therapist_id', 'text', (c) => c.references('therapists.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'active', 'ended')`))
    .addColumn('emergency', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('transport', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('edited_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('chat_messages_session')
    .on('chat_messages')
    .columns(['session_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('cloud_documents')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data_structure_version', 'integer', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('cloud_documents_pk', ['owner_id', 'name', 'data_structure_version'])
    .execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uid', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('reporter', 'text')
    .addColumn('stack', 'text')
    .addColumn('context', 'jsonb')
    .addColumn('log_buffer', 'jsonb')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('contact_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'callback', 'check-in')`))
    .addColumn('type', 'text')
    .addColumn('email', 'text')
    .addColumn('message', 'text')
    .addColumn('is_contactable', 'boolean')
    .addColumn('callback_group', 'text')
    .addColumn('payload', 'jsonb')
    .addColumn('token_subject', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('email_subscriptions')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('subscribed', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('welfare_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text')
    .addColumn('target_emails', 'jsonb', (c) => c.notNull())
    .addColumn('care_first_style', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('message_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_version', 'integer', (c) => c.notNull())
    .addColumn('message', 'jsonb', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('remote_config')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('value', 'scheme')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('remote_config_pk', ['kind', 'key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'remote_config',
    'message_alerts',
    'welfare_emails',
    'email_subscriptions',
    'contact_requests',
    'error_reports',
    'cloud_documents',
    'chat_messages',
    'chat_sessions',
    'moments',
    'care_team',
    'patients',
    'therapists',
    'clients',
    'organisations',
    'settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
