// A page of a log read newest first, keyset-paged by (created_at, id): the read of the safeguarding look-ups,
// the users' data actions, an organisation's audit log and its open invitations. Each writes its own cursor.
import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * Up to `pageSize` rows of `query`, newest first by `<table>.created_at` then `<table>.id` (`table` as the query
 * names it, e.g. its alias), starting after the row `after` (the last row of the page before) when given; `more`
 * says whether rows follow the page.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  after: { at: Date; id: string } | null,
  pageSize: number,
): Promise<{ page: O[]; more: boolean }> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const rows = await (
    after
      ? query.where(
          sql<boolean>`(${createdAt} < ${after.at} or (${createdAt} = ${after.at} and ${id} < ${after.id}))`,
        )
      : query
  )
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(pageSize + 1)
    .execute();
  return { page: rows.slice(0, pageSize), more: rows.length > pageSize };
}
