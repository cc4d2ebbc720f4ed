import type { Kysely } from 'kysely';

// Session validity (src/auth/validity.ts): per user, the instant (epoch ms) before which every credential
// of the user is refused — written by sign-out, e-mail change, account erasure and revocations seen at
// Firebase — and the Firebase "tokens valid after" second mirrored from the account. Keyed by the SHA-256
// of the uid, so the record (a tombstone that must outlive an erased account) holds no identifier in clear.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_validity')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('valid_after', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('firebase_valid_since', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_validity').ifExists().execute();
}
