import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl), from PG_BIN, Debian's layout or the PATH. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = join(debian, v, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}
