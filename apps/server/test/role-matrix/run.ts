// Runs one matrix entry: for each of the nine roles, builds the request (set-up included), injects it,
// and reports the status each role got, with any way the answer departs from the contract.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Operation } from '../../src/http/contract.ts';
import { contractOperation, contractProblems, type TestApp } from '../helpers.ts';
import {
  ROLES,
  ROLE_NAMES,
  as,
  type Entry,
  type MatrixContext,
  type MatrixRequest,
  type Role,
} from './roles.ts';

function queryString(query: MatrixRequest['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The inject options of a request for the entry's operation (URL from the contract path). */
export function injectOptions(
  op: Operation,
  role: Role,
  req: MatrixRequest,
  withTestUser = true,
): InjectOptions {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = { ...(req.headers ?? {}), ...(withTestUser ? as(role) : {}) };
  const options: InjectOptions = {
    method: op.method.toUpperCase() as InjectOptions['method'],
    url: `${path}${queryString(req.query)}`,
    headers,
  };
  if (req.body !== undefined) {
    if (typeof req.body === 'string' || Buffer.isBuffer(req.body)) {
      options.payload = req.body;
      headers['content-type'] = req.contentType ?? 'text/plain';
    } else {
      options.payload = req.body as InjectOptions['payload'];
    }
  }
  return options;
}

export function matrixContext(t: TestApp): MatrixContext {
  return {
    t,
    inject: (role, options) =>
      t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...as(role) } }),
  };
}

const refused = (status: number) => status === 403 || status === 404;

type Digest = Record<string, string | number | null>;
const digests = new WeakMap<TestApp, () => Promise<Digest>>();

/**
 * What a refused call could have changed: the row count of every table and, where a table has one, its
 * latest updated_at. One query, made before and after each refused call that is not a GET.
 */
async function digestOf(t: TestApp): Promise<Digest> {
  let read = digests.get(t);
  if (!read) {
    const columns = (
      await sql<{ table_name: string; column_name: string }>`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(t.db)
    ).rows;
    const tables = [...new Set(columns.map((c) => c.table_name))].sort();
    if (tables.length < 10) throw new Error(`only ${tables.length} tables found in the current schema`);
    const updated = new Set(columns.filter((c) => c.column_name === 'updated_at').map((c) => c.table_name));
    const parts = tables.flatMap((n) => [
      `(select count(*) from "${n}")::int as "${n} rows"`,
      ...(updated.has(n) ? [`(select max(updated_at) from "${n}")::text as "${n} updated_at"`] : []),
    ]);
    const query = sql.raw(`select ${parts.join(', ')}`);
    read = async () => (await query.execute(t.db)).rows[0] as Digest;
    digests.set(t, read);
  }
  return read();
}

function changes(before: Digest, after: Digest): string[] {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${String(before[k])} -> ${String(after[k])}`);
}

/** A value of the same kind as `original` naming nothing that exists. */
function unknownLike(original: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(original)) return randomUUID();
  if (original.includes('@')) return 'nobody-known@example.org';
  return 'zz-unknown-id';
}

/**
 * The existence check: a refused call, repeated with each path parameter naming something that does not
 * exist, must get the same status (else the refusal tells the caller the thing exists).
 */
async function existenceProblems(
  t: TestApp,
  op: Operation,
  role: Role,
  req: MatrixRequest,
  status: number,
  withTestUser: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  for (const name of Object.keys(req.params ?? {})) {
    const params = { ...req.params, [name]: unknownLike(req.params![name]!) };
    const res = await t.app.inject(injectOptions(op, role, { ...req, params }, withTestUser));
    if (res.statusCode !== status)
      problems.push(`${res.statusCode} for an unknown ${name}: the refusal reveals that it exists`);
  }
  return problems;
}

/** Each role's outcome as `role status`, and what the entry expects in the same form. */
export async function runEntry(t: TestApp, entry: Entry): Promise<{ got: string[]; want: string[] }> {
  const op = contractOperation(entry.operationId);
  const m = matrixContext(t);
  const got: string[] = [];
  const want: string[] = [];
  for (const [i, role] of ROLES.entries()) {
    const req = await entry.request(role, m);
    // A refused call that is not a read must change nothing (rows added or removed, rows updated).
    const watch = op.method !== 'get' && !entry.firebase && entry.expect[i]! >= 400;
    const before = watch ? await digestOf(t) : undefined;
    const res = await t.app.inject(injectOptions(op, role, req, !entry.firebase));
    const wrote = before && res.statusCode >= 400 ? changes(before, await digestOf(t)) : [];
    const isJson = String(res.headers['content-type'] ?? '').includes('json') && res.body.length > 0;
    const body: unknown = isJson ? res.json() : res.body;
    const problems = contractProblems(entry.operationId, res.statusCode, body);
    if (wrote.length) problems.push(`refused, yet changed ${wrote.join(', ')}`);
    const checked = res.statusCode < 300 ? entry.check?.(role, body) : undefined;
    if (checked) problems.push(checked);
    const detail =
      res.statusCode >= 500 || res.statusCode !== entry.expect[i] || checked
        ? ` ${res.body.slice(0, 200)}`
        : '';
    const oracle =
      refused(res.statusCode) && res.statusCode === entry.expect[i] && !entry.mayKnowItExists?.includes(role)
        ? await existenceProblems(t, op, role, req, res.statusCode, !entry.firebase)
        : [];
    problems.push(...oracle);
    got.push(
      `${ROLE_NAMES[role]} ${res.statusCode}${problems.length ? ` (${problems.join('; ')})` : ''}${detail}`,
    );
    want.push(`${ROLE_NAMES[role]} ${entry.expect[i]}`);
  }
  return { got, want };
}

/**
 * The colleague's call (an unassigned therapist of X itself): the request the entry builds for the
 * unassigned therapist, made as the colleague, with the same checks.
 */
export async function runColleague(t: TestApp, entry: Entry): Promise<{ got: string; want: string }> {
  const op = contractOperation(entry.operationId);
  const req = await entry.request('unassignedTherapist', matrixContext(t));
  const options = injectOptions(op, 'unassignedTherapist', req);
  const res = await t.app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string>), 'x-test-user': 'colleague' },
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json') && res.body.length > 0;
  const body: unknown = isJson ? res.json() : res.body;
  const want =
    typeof entry.colleague === 'number'
      ? entry.colleague
      : entry.expect[ROLES.indexOf('unassignedTherapist')]!;
  const problems = contractProblems(entry.operationId, res.statusCode, body);
  const checked = res.statusCode < 300 ? entry.check?.('unassignedTherapist', body) : undefined;
  if (checked) problems.push(checked);
  const detail = res.statusCode !== want || problems.length ? ` ${res.body.slice(0, 200)}` : '';
  return {
    got: `colleague ${res.statusCode}${problems.length ? ` (${problems.join('; ')})` : ''}${detail}`,
    want: `colleague ${want}`,
  };
}
