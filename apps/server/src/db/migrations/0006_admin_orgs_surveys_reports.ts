import { sql, type Kysely } from 'kysely';

// Part 2, admin area: organisation redemptions (patients added to an organisation) and logo images,
// surveys and the organisations offering them, reports and their scheduler, and the job queue that runs
// reports (src/jobs). User-referencing columns are named *_by or patient_id so that the users-data
// module finds them (export and erase walk information_schema).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('organisation_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('redeemed_by', 'text')
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('organisation_redemptions_org')
    .on('organisation_redemptions')
    .columns(['organisation_id', 'patient_id'])
    .execute();

  await db.schema
    .createTable('organisation_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('onboarding', 'wellbeing', 'feedback', 'research')`),
    )
    .addColumn('config', 'jsonb', (c) => c.notNull())
    // A default, so rows written by other parts' tests (id, type, config only) still get a version.
    .addColumn('etag', 'text', (c) => c.notNull().defaultTo(sql`'"' || md5(random()::text) || '"'`))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index surveys_url_suffix on surveys ((config->>'urlSuffix'))`.execute(db);
  await db.schema.createIndex('surveys_created').on('surveys').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('survey_organisations')
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('survey_organisations_pk', ['survey_id', 'organisation_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('organisation_ids', 'jsonb', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('include_children', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('scheduled_for', 'text')
    .addColumn('created_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('row_count', 'integer')
    .addColumn('csv', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('reports_created').on('reports').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('reports_scheduled')
    .on('reports')
    .columns(['scheduled_for', 'completed_at'])
    .execute();

  await db.schema
    .createTable('report_schedules')
    .addColumn('organisation_id', 'text', (c) =>
      c.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) =>
      c.notNull().check(sql`frequency in ('daily', 'weekly', 'monthly')`),
    )
    .addColumn('day_of_week', 'integer')
    .addColumn('day_of_month', 'integer')
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('report_type', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'jobs',
    'report_schedules',
    'reports',
    'survey_organisations',
    'surveys',
    'organisation_images',
    'organisation_redemptions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
