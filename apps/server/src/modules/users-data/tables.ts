// Where a user's data is: found from the database's own catalogue (information_schema), so a table added
// by any later migration is exported and erased without this list being edited — as long as its column
// follows the naming rule below (the users-data tests create a new table to prove it, and search every
// text column of every table after an erase).
//
// A column refers to a user when, in a table of the current schema (not Kysely's own), it is text,
// varchar or uuid and
//   - OWNER: is named user_id, patient_id, owner_id, uid, or is `id` of users, patients or therapists;
//   - REFERENCE: is named therapist_id, sender_id, author, author_id, actor_id, or ends in `_by`
//     (created_by, uploaded_by, flagged_by, redeemed_by …);
//   - EMAIL: is named email or ends in `_email` (rows about the user's address: subscriptions, MFA e-mail
//     factors, contact requests).
// Erasing deletes every row whose OWNER or EMAIL column is the user, and for a REFERENCE column sets it to
// null when the column allows it (an organisation's survey or report outlives the administrator who made
// it), else deletes the row.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export type ColumnKind = 'owner' | 'reference' | 'email';

export interface UserColumn {
  table: string;
  column: string;
  kind: ColumnKind;
  nullable: boolean;
}

const OWNER = new Set(['user_id', 'patient_id', 'owner_id', 'uid']);
const REFERENCE = new Set(['therapist_id', 'sender_id', 'author', 'author_id', 'actor_id']);
const PROFILE_TABLES = new Set(['users', 'patients', 'therapists']);

export function classify(table: string, column: string): ColumnKind | null {
  if (column === 'id' && PROFILE_TABLES.has(table)) return 'owner';
  if (OWNER.has(column)) return 'owner';
  if (REFERENCE.has(column) || /_by$/.test(column)) return 'reference';
  if (column === 'email' || /_email$/.test(column)) return 'email';
  return null;
}

export async function userColumns(db: Db): Promise<UserColumn[]> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.table_name not like 'kysely\\_%'
      and c.data_type in ('text', 'character varying', 'uuid')
    order by c.table_name, c.ordinal_position`.execute(db);
  const out: UserColumn[] = [];
  for (const r of rows) {
    const kind = classify(r.table_name, r.column_name);
    if (kind)
      out.push({ table: r.table_name, column: r.column_name, kind, nullable: r.is_nullable === 'YES' });
  }
  return out;
}

/** Tables with their user columns, profile tables last (children before the rows they point at). */
export function byTable(columns: UserColumn[]): Array<[string, UserColumn[]]> {
  const map = new Map<string, UserColumn[]>();
  for (const c of columns) map.set(c.table, [...(map.get(c.table) ?? []), c]);
  const rank = (t: string) => (t === 'users' ? 3 : t === 'therapists' ? 2 : t === 'patients' ? 1 : 0);
  return [...map.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : 1));
}

/** A predicate matching the user's rows of a table on the given columns. */
export function matches(columns: UserColumn[], uid: string, emails: string[]) {
  const parts = columns.map((c) =>
    c.kind === 'email'
      ? emails.length > 0
        ? sql`lower(${sql.ref(c.column)}::text) in (${sql.join(emails)})`
        : sql`false`
      : sql`${sql.ref(c.column)}::text = ${uid}`,
  );
  return sql.join(parts, sql` or `);
}

/** JSON-safe copy of a row (bytes as base64, dates as ISO text). */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Uint8Array) out[k] = { base64: Buffer.from(v).toString('base64') };
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'bigint') out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

/** Every e-mail address the user is known by (lower-case). */
export async function emailsOf(db: Db, uid: string): Promise<string[]> {
  const found = new Set<string>();
  for (const table of ['users', 'patients', 'therapists'] as const) {
    const row = await db.selectFrom(table).select('email').where('id', '=', uid).executeTakeFirst();
    if (row?.email) found.add(row.email.toLowerCase());
  }
  return [...found];
}

export async function exportUser(
  db: Db,
  uid: string,
): Promise<Record<string, Array<Record<string, unknown>>> | null> {
  const emails = await emailsOf(db, uid);
  const tables: Record<string, Array<Record<string, unknown>>> = {};
  let found = 0;
  for (const [table, columns] of byTable(await userColumns(db))) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where ${matches(columns, uid, emails)}`.execute(db);
    tables[table] = rows.map(plainRow);
    found += rows.length;
  }
  return found > 0 ? tables : null;
}

/** How many rows each table keeps about the user (tables without any left out): what an export holds and an erasure removes or unlinks. */
export async function keptRows(db: Db, uid: string): Promise<Array<{ table: string; rows: number }>> {
  const emails = await emailsOf(db, uid);
  const out: Array<{ table: string; rows: number }> = [];
  for (const [table, columns] of byTable(await userColumns(db))) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${matches(columns, uid, emails)}`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) out.push({ table, rows: n });
  }
  return out;
}

/** Erases the user from every table (see the header). Call inside a transaction. */
export async function eraseUser(db: Db, uid: string): Promise<number> {
  const emails = await emailsOf(db, uid);
  let changed = 0;
  for (const [table, columns] of byTable(await userColumns(db))) {
    const deleting = columns.filter((c) => c.kind !== 'reference' || !c.nullable);
    const nulling = columns.filter((c) => c.kind === 'reference' && c.nullable);
    for (const c of nulling) {
      const result =
        await sql`update ${sql.table(table)} set ${sql.ref(c.column)} = null where ${sql.ref(c.column)}::text = ${uid}`.execute(
          db,
        );
      changed += Number(result.numAffectedRows ?? 0);
    }
    if (deleting.length > 0) {
      const result =
        await sql`delete from ${sql.table(table)} where ${matches(deleting, uid, emails)}`.execute(db);
      changed += Number(result.numAffectedRows ?? 0);
    }
  }
  return changed;
}
