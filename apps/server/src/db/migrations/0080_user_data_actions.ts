import { sql, type Kysely } from 'kysely';

// The log of the data-export tooling's actions (users-data: export, clone, create, erase): who (`actor_id`),
// when, what, about whom. `actor_id` follows the users-data naming rule (a reference: erasing the actor's
// account keeps their entries without their name). The subject is deliberately NOT named by the rule: an
// entry about a user outlives the user's erasure, so the erasure itself stays accountable. On erasure the
// handler clears `subject_id` (the id is personal data) and keeps only `subject_ref`, a one-way digest of it
// that says which entries were about the same person and nothing else.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_data_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('subject_ref', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_data_actions_time')
    .on('user_data_actions')
    .columns(['created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_data_actions').ifExists().execute();
}
