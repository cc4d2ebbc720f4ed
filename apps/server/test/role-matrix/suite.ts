// The role matrix: every operation of the contract, called by each of the nine roles
// (anonymous, patient A, patient B, assigned therapist, unassigned therapist, lead, admin of the
// organisation, admin of another, data-export), with the status each must get. Each answer is also
// checked against the contract (documented status, response schema); where an entry says so, against
// what the role may see (lists and lookups hold only the role's own things). Each refusal (403/404) is
// repeated with every path parameter naming something unknown, which must be refused the same way (a
// refusal never reveals that a thing exists), and a refused call that is not a read must change no table.
// The fixture and roles are in ./roles.ts, the entries one file per tag in ./entries/, the calls needing
// Firebase Auth in ./firebase.ts. An operation added to the contract fails "covers every operation"
// until it has an entry.
//
// The entries are shared out between the test files shard-<n>.test.ts (each over its own fixture), so that
// the matrix, the server's longest test, runs on every worker at once instead of on one for minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../../src/http/contract.ts';
import type { TestApp } from '../helpers.ts';
import { ENTRIES } from './entries/index.ts';
import { createFirebaseMatrixApp } from './firebase.ts';
import { createMatrixApp } from './roles.ts';
import { matrixContext, runColleague, runEntry } from './run.ts';

/**
 * The entries in their file order, or shuffled with MATRIX_SHUFFLE=<seed> (entries must not depend on
 * the order they run in: `MATRIX_SHUFFLE=7 npx vitest run test/role-matrix` checks it).
 */
function ordered<T>(items: T[]): T[] {
  const seed = Number(process.env.MATRIX_SHUFFLE);
  if (!seed) return items;
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** How many test files share the entries (shard-1.test.ts … shard-<SHARDS>.test.ts). */
export const SHARDS = 3;

/** The entries of one shard (1-based): every SHARDS-th entry, so each file gets a mix of tags. */
function shardOf<T>(items: T[], shard: number): T[] {
  return items.filter((_item, i) => i % SHARDS === shard - 1);
}

/** The matrix's tests of one shard, over a fixture of its own (the first also checks the coverage). */
export function roleMatrix(shard: number) {
  const entries = shardOf(ordered(ENTRIES), shard);
  let shared: TestApp | undefined;
  let firebase: TestApp | undefined;
  beforeAll(async () => {
    shared = await createMatrixApp();
    if (entries.some((e) => e.firebase)) firebase = await createFirebaseMatrixApp();
  }, 240_000);
  afterAll(async () => {
    await shared?.close();
    await firebase?.close();
  });

  describe(`role matrix (${shard} of ${SHARDS})`, () => {
    if (shard === 1)
      it('covers every operation of the contract, each once', () => {
        const contract = listOperations(loadContract()).map((o) => o.operationId);
        const matrix = ENTRIES.map((e) => e.operationId);
        expect(
          matrix.filter((id, i) => matrix.indexOf(id) !== i),
          'operations with two entries',
        ).toEqual([]);
        expect(contract.filter((id) => !matrix.includes(id)).sort(), 'operations without an entry').toEqual(
          [],
        );
        expect(matrix.filter((id) => !contract.includes(id)).sort(), 'entries of no operation').toEqual([]);
      });

    for (const entry of entries) {
      it(`${entry.operationId}: ${entry.expect.join(' ')}${entry.note ? ` (${entry.note})` : ''}`, async () => {
        const own = entry.ownApp && !entry.firebase ? await createMatrixApp() : undefined;
        const t = own ?? (entry.firebase ? firebase! : shared!);
        try {
          const { got, want } = await runEntry(t, entry);
          expect(got).toEqual(want);
        } finally {
          if (entry.restore) await entry.restore(matrixContext(t));
          await own?.close();
        }
      });
    }
  });

  // The nine roles' unassigned therapist works in X's child organisation; an unassigned therapist of X
  // itself (a colleague of A's therapists, in no care team) gets the same on every call about patient A and
  // the same lists (save where an entry says otherwise: a therapist's reach is their organisation tree).
  describe(`an unassigned therapist of X itself (${shard} of ${SHARDS})`, () => {
    const ROLE = 4; // unassigned therapist
    for (const entry of entries.filter(
      (e) =>
        !e.firebase &&
        e.colleague !== 'none' &&
        (e.expect[ROLE] !== e.expect[ROLE - 1] || e.check || e.colleague !== undefined),
    )) {
      it(`${entry.operationId}: ${typeof entry.colleague === 'number' ? entry.colleague : entry.expect[ROLE]}`, async () => {
        const t = shared!;
        try {
          const { got, want } = await runColleague(t, entry);
          expect(got).toEqual(want);
        } finally {
          if (entry.restore) await entry.restore(matrixContext(t));
        }
      });
    }
  });
}
