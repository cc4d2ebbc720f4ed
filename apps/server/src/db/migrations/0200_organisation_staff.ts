import { sql, type Kysely } from 'kysely';

// Organisation staff (the admin console's Staff page): invitations by e-mail, the lead-therapist role of an
// organisation, and the organisation's audit log of staff changes.
//
// - organisation_invitations: one row per invitation; the link's token is kept only as its SHA-256.
//   Pending = neither accepted nor withdrawn (an expired one can be sent again, with a new token).
// - therapists.is_lead: a lead therapist of their organisation (may invite therapists to it).
// - organisation_audit: who (actor_id) did what (action, subject, detail) when, per organisation. Written
//   by src/modules/staff/audit.ts (recordOrganisationAudit) in the transaction of the change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('organisation_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('organisation_invitations_org')
    .on('organisation_invitations')
    .columns(['organisation_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .alterTable('therapists')
    .addColumn('is_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('organisation_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('subject_label', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('organisation_audit_org_time')
    .on('organisation_audit')
    .columns(['organisation_id', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organisation_audit').ifExists().execute();
  await db.schema.alterTable('therapists').dropColumn('is_lead').execute();
  await db.schema.dropTable('organisation_invitations').ifExists().execute();
}
