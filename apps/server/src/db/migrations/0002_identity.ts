import { sql, type Kysely } from 'kysely';

// Identity tables (see ../tables/identity.ts). Times are epoch milliseconds (int8).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::int8`;
  const uuid = sql`gen_random_uuid()::text`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('screen_name', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .addColumn('updated_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('patient', 'therapist', 'admin', 'data-export')`),
    )
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();
  await sql`create unique index user_roles_unique on user_roles (user_id, role, coalesce(organisation_id, ''))`.execute(
    db,
  );

  await db.schema
    .createTable('mfa_totp_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('last_used_step', 'int8')
    .addColumn('confirmed_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();
  await db.schema.createIndex('mfa_totp_secrets_user').on('mfa_totp_secrets').column('user_id').execute();

  await db.schema
    .createTable('mfa_email_configs')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('mfa_email_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();
  await db.schema
    .createIndex('mfa_email_challenges_user')
    .on('mfa_email_challenges')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mfa_failures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_failures_user').on('mfa_failures').columns(['user_id', 'at']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('mfa', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('revoked_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('query_string_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('mfa', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('openid_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('openid profile email'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('openid_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('client', 'text', (c) => c.notNull().references('openid_clients.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('openid_identities')
    .addColumn('client', 'text', (c) => c.notNull().references('openid_clients.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_login_at', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .addPrimaryKeyConstraint('openid_identities_pk', ['client', 'subject'])
    .execute();

  await db.schema
    .createTable('email_change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('confirmed_at', 'int8')
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();

  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'int8', (c) => c.notNull().defaultTo(nowMs))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'deletion_requests',
    'email_change_requests',
    'openid_identities',
    'openid_states',
    'openid_clients',
    'query_string_tokens',
    'refresh_tokens',
    'mfa_failures',
    'mfa_email_challenges',
    'mfa_email_configs',
    'mfa_totp_secrets',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
