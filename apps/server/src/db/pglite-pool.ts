import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A pool-like object over one PGlite instance, for Kysely's own PostgresDialect. PGlite is a single
 * connection, so the "pool" hands out one client at a time: a second connect() waits until the first
 * client is released. This keeps a transaction's statements together (Kysely runs BEGIN/COMMIT on the
 * acquired client). Written by hand because kysely-pglite pulls a CLI and code generators we do not need.
 *
 * Consequence: code inside `db.transaction()` must use the transaction object only; a query on the outer
 * `db` while a transaction is open would wait for it forever.
 */
export class PGlitePool implements PostgresPool {
  #queue: Promise<void> = Promise.resolve();
  #ended = false;

  constructor(private readonly pg: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('PGlite pool has ended');
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((r) => (release = r));
    await previous;
    const pg = this.pg;
    let released = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = (await pg.query<R>(sql, [...parameters])) as Awaited<ReturnType<PGlite['query']>> & {
          command?: string;
          rows: R[];
        };
        const known = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'];
        const command = (
          result.command && known.includes(result.command)
            ? result.command
            : commandOf(sql, result.affectedRows)
        ) as Command;
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    };
    return client as PostgresPoolClient;
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.#queue;
    await this.pg.close();
  }
}

type Command = PostgresQueryResult<unknown>['command'];

/** The statement kind Kysely needs to report numAffectedRows (PGlite does not return the command tag). */
function commandOf(sql: string, affected: number | undefined): Command {
  const word = /^\s*(?:\/\*.*?\*\/\s*)*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase();
  switch (word) {
    case 'INSERT':
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return word;
    case 'WITH': {
      // A data-modifying CTE: take the outermost statement after the last closing parenthesis.
      const tail = /\)\s*(insert|update|delete|merge)\b[^)]*$/i.exec(sql)?.[1]?.toUpperCase();
      if (tail) return tail as Command;
      return affected ? 'UPDATE' : 'SELECT';
    }
    default:
      return 'SELECT';
  }
}
