// Test support of the users-data module (imported by *.test.ts only).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Every (table, column) of the schema whose text/varchar/uuid value equals one of `values` (case-insensitive). */
export async function findAnywhere(db: Db, values: string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'uuid')`.execute(
    db,
  );
  const hits: string[] = [];
  for (const c of columns) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(c.table_name)} where lower(${sql.ref(c.column_name)}::text) in (${sql.join(values.map((v) => v.toLowerCase()))})`.execute(
      db,
    );
    if (Number(rows[0]!.n) > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}
