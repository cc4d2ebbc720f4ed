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

/** A count per organisation from grouped rows. */
export const countBy = (rows: Array<{ organisation_id: string; n: number | string | bigint }>) =>
  new Map(rows.map((r) => [r.organisation_id, Number(r.n)]));
