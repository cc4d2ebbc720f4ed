import { sql, type Kysely } from 'kysely';

// Part 2, chat: participants with per-participant read state, client message keys, chat tokens (issued
// and revoked), request details and the admin access audit. A trigger adds the patient (and the
// session's therapist as lead) as participants of every new chat session, so rows written by any path
// (the demo seed included) have participants.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema.alterTable('chat_sessions').addColumn('request_message', 'text').execute();
  await db.schema.alterTable('chat_sessions').addColumn('accepted_at', 'timestamptz').execute();
  await db.schema.alterTable('chat_sessions').addColumn('last_activity_at', 'timestamptz').execute();
  await sql`update chat_sessions s set last_activity_at = coalesce((select max(m.created_at) from chat_messages m where m.session_id = s.id), s.created_at)`.execute(
    db,
  );
  await db.schema
    .createIndex('chat_sessions_patient_status')
    .on('chat_sessions')
    .columns(['patient_id', 'status'])
    .execute();
  // At most one open chat or pending request per patient (concurrent requests cannot both succeed).
  await db.schema
    .createIndex('chat_sessions_one_open')
    .on('chat_sessions')
    .column('patient_id')
    .unique()
    .where(sql.ref('status'), '<>', 'ended')
    .execute();

  await db.schema.alterTable('chat_messages').addColumn('message_key', 'text').execute();
  await db.schema
    .createIndex('chat_messages_session_key')
    .on('chat_messages')
    .columns(['session_id', 'message_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('chat_participants')
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('patient', 'lead', 'therapist', 'invited', 'handover')`),
    )
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('left_at', 'timestamptz')
    .addColumn('last_read_at', 'timestamptz')
    .addPrimaryKeyConstraint('chat_participants_pk', ['session_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('chat_participants_user')
    .on('chat_participants')
    .columns(['user_id', 'session_id'])
    .execute();

  await sql`
    create or replace function chat_session_participants() returns trigger language plpgsql as $$
    begin
      insert into chat_participants (session_id, user_id, role, joined_at)
        values (new.id, new.patient_id, 'patient', new.created_at) on conflict do nothing;
      if new.therapist_id is not null then
        insert into chat_participants (session_id, user_id, role, joined_at)
          values (new.id, new.therapist_id, 'lead', new.created_at) on conflict do nothing;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger chat_sessions_participants after insert on chat_sessions for each row execute function chat_session_participants()`.execute(
    db,
  );
  // Sessions that exist already (a database seeded before this migration).
  await sql`insert into chat_participants (session_id, user_id, role, joined_at)
    select id, patient_id, 'patient', created_at from chat_sessions on conflict do nothing`.execute(db);
  await sql`insert into chat_participants (session_id, user_id, role, joined_at)
    select id, therapist_id, 'lead', created_at from chat_sessions where therapist_id is not null on conflict do nothing`.execute(
    db,
  );

  await db.schema
    .createTable('chat_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('chat_tokens_user')
    .on('chat_tokens')
    .columns(['user_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('chat_access_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_access_audit').ifExists().execute();
  await db.schema.dropTable('chat_tokens').ifExists().execute();
  await sql`drop trigger if exists chat_sessions_participants on chat_sessions`.execute(db);
  await sql`drop function if exists chat_session_participants()`.execute(db);
  await db.schema.dropTable('chat_participants').ifExists().execute();
  await db.schema.dropIndex('chat_messages_session_key').ifExists().execute();
  await db.schema.alterTable('chat_messages').dropColumn('message_key').execute();
  await db.schema.dropIndex('chat_sessions_one_open').ifExists().execute();
  await db.schema.dropIndex('chat_sessions_patient_status').ifExists().execute();
  await db.schema.alterTable('chat_sessions').dropColumn('last_activity_at').execute();
  await db.schema.alterTable('chat_sessions').dropColumn('accepted_at').execute();
  await db.schema.alterTable('chat_sessions').dropColumn('request_message').execute();
}
