import { spawn, type ChildProcess } from 'node:child_process';
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

/**
 * A throw-away PostgreSQL (apps/server/scripts/with-postgres.sh: initdb in a temporary folder, a free loopback
 * port, removed when it ends) held open by a small Node process: resolves once it accepts connections, with
 * its URL and the holder (closing the holder's standard input, or a signal to its process group, stops
 * PostgreSQL and removes its files).
 */
export async function startThrowAwayPostgres(
  root: string,
  options: { pgBin: string; log: (line: string) => void; timeoutMs?: number },
): Promise<{ url: string; child: ChildProcess }> {
  const hold =
    "console.log('DATABASE_URL=' + process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";
  const child = spawn(
    'bash',
    [join(root, 'apps', 'server', 'scripts', 'with-postgres.sh'), process.execPath, '-e', hold],
    {
      cwd: root,
      env: { ...process.env, PG_BIN: options.pgBin },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
      reject(new Error(`PostgreSQL did not start in time:\n${output}`));
    }, options.timeoutMs ?? 120_000);
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split(/\r?\n/)) if (line.trim()) options.log(line);
      const match = /DATABASE_URL=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with code ${code} before it was ready:\n${output}`));
    });
  });
}
