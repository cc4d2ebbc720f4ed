// Writes keyed by a client-chosen id (a moment's momentId, a chat message's key …) are idempotent: the same
// write sent again answers what the first one did. Sent twice AT ONCE (a client's or a load balancer's
// retry racing the original), both may find no row and both insert: one wins, the other's insert fails with
// a unique violation (SQLSTATE 23505), which aborts its transaction. retryOnConflict runs such a write again
// from the start: the second run reads the row the first one committed and answers as a sequential retry
// would. Deadlocks (40P01) and serialization failures (40001) between such writers are retried the same way.

/** SQLSTATEs after which running the whole transaction again is safe and answers the idempotent result. */
const RETRYABLE = new Set(['23505', '40P01', '40001']);

export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * Runs `write` (a whole transaction: it must read what it depends on itself) and, when it fails with a
 * unique violation, deadlock or serialization failure, runs it again, up to `attempts` times in all.
 */
export async function retryOnConflict<T>(write: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || state === undefined || !RETRYABLE.has(state)) throw error;
      // A short random pause lets the winner commit (and breaks the lockstep of deadlocked writers).
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8 * attempt));
    }
  }
}
