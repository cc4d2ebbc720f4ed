import { sql, type Kysely } from 'kysely';

// A safety net with no gaps:
// - a duty rota per organisation: therapists on duty at given times (the day of the week, 1 = Monday … 7 =
//   Sunday, or null for every day; minutes from midnight in the therapist's own timezone);
// - one risk event per questionnaire: a screening's risk event carries the result's key (its momentId), unique
//   per patient, so retries, replays and concurrent submissions raise the flag once;
// - each alert knows the risk event it is for and how it reached its therapist (care team, duty, escalation,
//   taken on);
// - escalations: each step (all duty clinicians, then the organisation's administrators by e-mail) is a row the
//   risk history shows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisation_duty_shifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('therapist_id', 'text', (c) => c.notNull().references('therapists.id').onDelete('cascade'))
    .addColumn('day_of_week', 'integer')
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('organisation_duty_shifts_org')
    .on('organisation_duty_shifts')
    .columns(['organisation_id', 'therapist_id'])
    .execute();
  await db.schema.alterTable('risk_events').addColumn('questionnaire_key', 'text').execute();
  await sql`create unique index risk_events_questionnaire on risk_events (patient_id, questionnaire_key)
            where questionnaire_key is not null`.execute(db);
  await db.schema
    .alterTable('therapist_notifications')
    .addColumn('risk_event_id', 'text')
    .addColumn('route', 'text')
    .execute();
  await sql`create unique index therapist_notifications_risk_event on therapist_notifications
            (risk_event_id, therapist_id) where risk_event_id is not null`.execute(db);
  await db.schema
    .createTable('risk_escalations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('risk_event_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('therapist_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('emailed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index risk_escalations_step on risk_escalations (risk_event_id, level)`.execute(db);
  await db.schema
    .createIndex('risk_escalations_patient')
    .on('risk_escalations')
    .columns(['patient_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('risk_escalations').ifExists().execute();
  await db.schema.dropIndex('therapist_notifications_risk_event').ifExists().execute();
  await db.schema
    .alterTable('therapist_notifications')
    .dropColumn('route')
    .dropColumn('risk_event_id')
    .execute();
  await db.schema.dropIndex('risk_events_questionnaire').ifExists().execute();
  await db.schema.alterTable('risk_events').dropColumn('questionnaire_key').execute();
  await db.schema.dropTable('organisation_duty_shifts').ifExists().execute();
}
