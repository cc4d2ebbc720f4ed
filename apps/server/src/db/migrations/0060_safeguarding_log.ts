import { sql, type Kysely } from 'kysely';

// The safeguarding log: an administrator's chat look-up (getChatsByPatientEmail) is kept with
// why (`reason`) and the patient's organisation at the time (`organisation_id`, whose administrators may
// read the log: listSafeguardingLookups). `actor_id` may become null: erasing an administrator's account
// (users-data) keeps the entries of their look-ups, without their name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_access_audit')
    .addColumn('reason', 'text')
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('chat_access_audit')
    .alterColumn('actor_id', (c) => c.dropNotNull())
    .execute();
  await sql`update chat_access_audit a set organisation_id = p.organisation_id from patients p where p.id = a.patient_id and a.organisation_id is null`.execute(
    db,
  );
  await db.schema
    .createIndex('chat_access_audit_org_time')
    .on('chat_access_audit')
    .columns(['organisation_id', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_access_audit_org_time').ifExists().execute();
  await db.schema
    .alterTable('chat_access_audit')
    .dropColumn('organisation_id')
    .dropColumn('reason')
    .execute();
}
