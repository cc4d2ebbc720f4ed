// What every aggregate shares: the table it answers, the period it covers, and the organisations it covers
// (sorted by name), with a count per organisation.
import type { Db } from '../../../db/index.ts';
import type { Cell } from '../csv.ts';

export interface Table {
  header: string[];
  rows: Cell[][];
}

export interface Period {
  from: Date;
  to: Date;
}

export interface OrgName {
  id: string;
  name: string;
}

/** The organisations covered, by name then id (none: the report is empty). */
export async function orgNames(db: Db, ids: string[]): Promise<OrgName[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', ids).execute();
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
}

/**
 * Rows grouped by organisation and one more key, in the report's order: the organisations as orgNames sorts
 * them, then by that key; each with its organisation's name.
 */
export function inOrganisationOrder<R extends { organisation_id: string }>(
  orgs: OrgName[],
  rows: R[],
  key: (row: R) => string,
): Array<{ row: R; name: string }> {
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const order = new Map(orgs.map((o, i) => [o.id, i]));
  return rows
    .sort(
      (a, b) => order.get(a.organisation_id)! - order.get(b.organisation_id)! || (key(a) < key(b) ? -1 : 1),
    )
    .map((row) => ({ row, name: names.get(row.organisation_id) ?? '' }));
}

/** A count per organisation from grouped rows. */
export const countBy = (rows: Array<{ organisation_id: string; n: number | string | bigint }>) =>
  new Map(rows.map((r) => [r.organisation_id, Number(r.n)]));
