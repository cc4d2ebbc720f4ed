// Revocations made at Firebase itself — a password changed on Firebase's reset page (which moves the
// account's "tokens valid after" second), an account disabled or deleted in the Firebase console — are
// not told to this server. Without asking Firebase on every request, each process looks at the accounts
// it serves in the background: a user is looked up at most once per FIREBASE_RECHECK_MS (in batches of up
// to 100 per call), and what changed is written to the session-validity record (./validity.ts) and
// announced on the bus, so every process refuses the old credentials from then on.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/types.ts';
import { publishChatEvent } from '../realtime/bus.ts';
import { firebaseAuth, firebaseConfigured } from './firebase.ts';
import { revokeSessions } from './revoke.ts';
import { validityCacheOf, writeFirebaseSince } from './validity.ts';

export const FIREBASE_RECHECK_MS = 5 * 60_000;
const BATCH = 100;
const MAX_TRACKED = 100_000;

export class FirebaseWatch {
  readonly #checkedAt = new Map<string, number>();
  readonly #queue = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly log: FastifyBaseLogger,
    private readonly recheckMs = FIREBASE_RECHECK_MS,
  ) {}

  /** A verified credential of `uid` was used: look the account up when it was not for a while. */
  seen(uid: string): void {
    if (this.#closed || !firebaseConfigured(this.deps.config)) return;
    const now = Date.now();
    const last = this.#checkedAt.get(uid);
    if (last !== undefined && now - last < this.recheckMs) return;
    this.#checkedAt.delete(uid);
    this.#checkedAt.set(uid, now);
    if (this.#checkedAt.size > MAX_TRACKED) this.#checkedAt.delete(this.#checkedAt.keys().next().value!);
    this.#queue.add(uid);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, 1_000).unref();
  }

  /** Looks up every account waiting now (tests call it directly). */
  flush(): Promise<void> {
    this.#running = this.#running.then(async () => {
      while (this.#queue.size > 0 && !this.#closed) {
        const batch = [...this.#queue].slice(0, BATCH);
        for (const uid of batch) this.#queue.delete(uid);
        await this.#check(batch).catch((error: unknown) =>
          this.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'Firebase accounts not checked',
          ),
        );
      }
    });
    return this.#running;
  }

  /** Forgets when `uid` was looked up, so its next credential looks again. */
  recheck(uid: string): void {
    this.#checkedAt.delete(uid);
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  async #check(uids: string[]): Promise<void> {
    const result = await firebaseAuth(this.deps.config).getUsers(uids.map((uid) => ({ uid })));
    const warn = (message: string, error: unknown) =>
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, message);
    for (const missing of result.notFound) {
      const uid = (missing as { uid?: string }).uid;
      if (uid) await revokeSessions(this.deps, uid, 'account-deleted', { firebase: false, warn });
    }
    for (const user of result.users) {
      if (user.disabled) {
        await revokeSessions(this.deps, user.uid, 'account-disabled', { firebase: false, warn });
        continue;
      }
      const since = user.tokensValidAfterTime ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000) : 0;
      if (since > 0 && (await writeFirebaseSince(this.deps.db, user.uid, since, Date.now()))) {
        validityCacheOf(this.deps.db)?.forget(user.uid);
        await publishChatEvent(this.deps.db, { t: 'sessions', u: user.uid });
      }
    }
  }
}

const watches = new WeakMap<object, FirebaseWatch>();

export function installFirebaseWatch(deps: AppDeps, log: FastifyBaseLogger): FirebaseWatch {
  const watch = new FirebaseWatch(deps, log);
  watches.set(deps.db, watch);
  return watch;
}

export function firebaseWatchOf(db: object): FirebaseWatch | undefined {
  return watches.get(db);
}
