import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Every change of what the servers keep in memory about a user is announced on the event bus (channel
// tend_chat, delivered at commit), whoever makes it: the user's row and roles (`{"t":"user","u":<uid>}`:
// who is calling, src/auth/users.ts) and what the account summary shows (`{"t":"account","u":<uid>}`:
// second factors, patient or therapist record, pending e-mail change, deletion request,
// src/auth/account.ts). Each process drops its copy when it hears of a change (src/realtime/cache.ts).
// Triggers, so that no writer (another module, a script, a later migration) can forget to announce it.
/** Table → the column holding the user's id, and the event announced. */
export const ANNOUNCED_TABLES: Record<string, [column: string, event: 'user' | 'account']> = {
  users: ['id', 'user'],
  user_roles: ['user_id', 'user'],
  mfa_totp_secrets: ['user_id', 'account'],
  mfa_email_configs: ['user_id', 'account'],
  patients: ['id', 'account'],
  therapists: ['id', 'account'],
  email_change_requests: ['user_id', 'account'],
  deletion_requests: ['user_id', 'account'],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function tend_user_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('tend_chat', json_build_object('t', tg_argv[1], 'u', to_jsonb(old) ->> tg_argv[0])::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('tend_chat', json_build_object('t', tg_argv[1], 'u', to_jsonb(new) ->> tg_argv[0])::text);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const [table, [column, event]] of Object.entries(ANNOUNCED_TABLES)) {
    await sql`create trigger ${sql.raw(`${table}_announce`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function tend_user_changed(${sql.lit(column)}, ${sql.lit(event)})`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(ANNOUNCED_TABLES))
    await sql`drop trigger if exists ${sql.raw(`${table}_announce`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists tend_user_changed()`.execute(db);
}
