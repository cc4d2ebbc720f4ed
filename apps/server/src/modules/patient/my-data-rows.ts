// The patient's own rows for their data export (see ./my-data.ts): which rows of a table are theirs, and
// each row as they get it (credentials and secrets left out, other people by name only, private notes out).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { plainRow, type UserColumn } from '../users-data/tables.ts';

export type Row = Record<string, unknown>;

/** Tables that hold credentials or one-time secrets: never handed out. */
export const CREDENTIAL_TABLES = new Set([
  'refresh_tokens',
  'query_string_tokens',
  'chat_tokens',
  'mfa_totp_secrets',
  'mfa_email_challenges',
  'mfa_failures',
  'openid_states',
  'push_tokens',
  'patient_access_codes',
  'password_reset_mails',
]);
/** Columns that hold a secret in any other table (token hashes, encrypted secrets, codes). */
export const SECRET_COLUMN = /(^|_)(hash|secret|secret_enc|token|code_hash)$|_token_|^token/;

/** Every short string inside a value (ids are among them), for the look-up of the people named. */
export function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.length > 0 && value.length <= 128 && !/\s/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectStrings(v, into);
  } else if (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Date)
  ) {
    for (const v of Object.values(value)) collectStrings(v, into);
  }
}

/**
 * Display names of the other people among `candidates` (ids of users, therapists and patients other than
 * the patient): a therapist by name, another patient as "another person", anyone else "Tend staff".
 */
export async function namesOf(db: Db, uid: string, candidates: Set<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const ids = [...candidates].filter((c) => c !== uid);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const [therapists, patients, users] = await Promise.all([
      db
        .selectFrom('therapists')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', chunk)
        .execute(),
      db.selectFrom('patients').select('id').where('id', 'in', chunk).execute(),
      db.selectFrom('users').select('id').where('id', 'in', chunk).execute(),
    ]);
    for (const u of users) names.set(u.id, 'Tend staff');
    for (const p of patients) names.set(p.id, 'another person');
    for (const t of therapists) names.set(t.id, `${t.first_name} ${t.last_name}`.trim());
  }
  return names;
}

/** A copy of a value with every other person's id replaced by how the patient knows them. */
export function scrub(value: unknown, names: Map<string, string>): unknown {
  if (typeof value === 'string') return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, names));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, names)]));
  return value;
}

/** The rows of one table that are the patient's own (see the header). */
export async function ownRows(
  db: Db,
  table: string,
  columns: UserColumn[],
  uid: string,
  emails: string[],
): Promise<Row[]> {
  const owners = columns.filter((c) => c.kind === 'owner');
  const others = columns.filter((c) => c.kind !== 'owner');
  const mine = (c: UserColumn) =>
    c.kind === 'email'
      ? emails.length > 0
        ? sql`lower(${sql.ref(c.column)}::text) in (${sql.join(emails)})`
        : sql`false`
      : sql`${sql.ref(c.column)}::text = ${uid}`;
  const ownedByMe = owners.length > 0 ? sql.join(owners.map(mine), sql` or `) : sql`false`;
  const nobodyElseOwns =
    owners.length > 0
      ? sql.join(
          owners.map((c) => sql`(${sql.ref(c.column)} is null or ${sql.ref(c.column)}::text = ${uid})`),
          sql` and `,
        )
      : sql`true`;
  const referencesMe = others.length > 0 ? sql.join(others.map(mine), sql` or `) : sql`false`;
  const { rows } =
    await sql<Row>`select * from ${sql.table(table)} where (${ownedByMe}) or ((${referencesMe}) and ${nobodyElseOwns})`.execute(
      db,
    );
  return rows;
}

/** A row as the patient gets it: secrets dropped, other people by name (also inside JSON), other addresses removed. */
export function handOut(
  row: Row,
  columns: UserColumn[],
  uid: string,
  emails: string[],
  names: Map<string, string>,
  named: Set<string>,
): Row {
  const out = scrub(plainRow(row), names) as Row;
  for (const key of Object.keys(out)) if (SECRET_COLUMN.test(key)) delete out[key];
  for (const c of columns) {
    const value = out[c.column];
    if (value === null || value === undefined) continue;
    if (c.kind === 'email') {
      if (!emails.includes(String(value).toLowerCase())) out[c.column] = null;
    } else if (String(value) !== uid && !named.has(String(value))) {
      out[c.column] = 'Tend staff';
    }
  }
  return out;
}

export const isPrivateNote = (row: Row) =>
  row.event_type === 'note' && (row.body as { visibleToPatient?: unknown } | null)?.visibleToPatient !== true;
