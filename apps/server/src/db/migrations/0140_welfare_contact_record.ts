import type { Kysely } from 'kysely';

// The welfare contact as the patient names it in their app: how the person is related to them
// (`relationship`, optional), and the record of welfare e-mails sent about a patient (`welfare_emails.patient_id`,
// null for a person's own "let someone know" e-mails), which the patient sees.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patient_welfare_contacts').addColumn('relationship', 'text').execute();
  await db.schema.alterTable('welfare_emails').addColumn('patient_id', 'text').execute();
  await db.schema
    .createIndex('welfare_emails_patient')
    .on('welfare_emails')
    .columns(['patient_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('welfare_emails_patient').ifExists().execute();
  await db.schema.alterTable('welfare_emails').dropColumn('patient_id').execute();
  await db.schema.alterTable('patient_welfare_contacts').dropColumn('relationship').execute();
}
