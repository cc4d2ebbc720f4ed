import type { Kysely } from 'kysely';

// The TOTP secret a user chose as their default second factor (setDefaultMfaFactor). Without a chosen one the
// first confirmed secret is the default, as before; an e-mail factor marked default wins over both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mfa_totp_secrets')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mfa_totp_secrets').dropColumn('is_default').execute();
}
