// Session validity: which credentials of a user are still good, decided locally on every request.
//
// Per user the server keeps one instant, `valid_after` (epoch ms, table session_validity), before which
// every credential of the user is refused. Sign-out, an e-mail change, the erasure of the account and a
// Firebase account found disabled or deleted move it forward (`revokeSessions`), always strictly (each
// revocation gives a larger value than the last), so it doubles as a revocation counter.
//
// ID tokens carry their times in whole seconds, so "issued before that instant" cannot be read from `iat`
// or `auth_time` within the second of the revocation. It is read from claims instead:
//   - a custom token carries `sv`: the user's valid_after when the server minted it (read from the
//     database at that moment). Every ID token and session cookie of that session carries it on, so a
//     session is current exactly while `sv` >= valid_after. A session minted after a revocation always
//     is, whatever second it started in; one minted before never again is.
//   - a password (or other provider's) ID token cannot carry our claims, but it carries the Firebase
//     account's custom claims: each revocation also writes `av` = the new valid_after on the account, so a
//     password sign-in made after it is told apart from one of the same second made before. A password
//     token is current when its `av` >= valid_after, or when it was signed in in a later second than the
//     instant (auth_time * 1000 > valid_after). If writing `av` failed, only the rest of that second
//     is lost: sign-in works again from the next second on.
// Revocations made at Firebase itself (a password changed on Firebase's page: the account's "tokens valid
// after" second) are mirrored by ./firebase-watch.ts into `firebase_valid_since` and refuse what was signed
// in before that second (Firebase's own rule).
//
// The record is read from memory (ValidityCache over ../realtime/cache.ts): each process caches it per
// user, and every change is published on the event bus (`{t: 'sessions', u}`: LISTEN/NOTIFY on
// PostgreSQL, in-process on PGlite) so that every process drops its copy. While the bus is not listening
// nothing is cached (each check reads the database), and a copy read while a change was announced is not
// kept.
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { ChatListener } from '../realtime/bus.ts';
import { BusCache, type BusCacheOptions } from '../realtime/cache.ts';

/** The claim of custom tokens: the user's valid_after when the session was minted. */
export const SESSION_VALIDITY_CLAIM = 'sv';
/** The custom claim of the Firebase account: the valid_after of the account's last revocation. */
export const ACCOUNT_VALIDITY_CLAIM = 'av';

export type RevocationReason =
  'sign-out' | 'email-changed' | 'account-erased' | 'account-disabled' | 'account-deleted';

export interface Validity {
  /** Epoch ms; 0 when the user was never revoked. */
  validAfter: number;
  /** Epoch seconds of Firebase's "tokens valid after" (0 when unknown). */
  firebaseSince: number;
}

export const NEVER_REVOKED: Validity = Object.freeze({ validAfter: 0, firebaseSince: 0 });

/** What the rule needs from a verified ID token or session cookie. */
export interface TokenFacts {
  signInProvider: string | undefined;
  /** Epoch seconds. */
  authTime: number;
  sv?: unknown;
  av?: unknown;
}

/** The record's key: the uid's SHA-256, so the record holds no identifier in clear. */
export function subjectOf(uid: string): string {
  return createHash('sha256').update(uid).digest('hex');
}

/** Whether a verified credential is still current (the rule explained at the top of this file). */
export function isCurrent(token: TokenFacts, validity: Validity): boolean {
  if (validity.firebaseSince > 0 && token.authTime < validity.firebaseSince) return false;
  if (validity.validAfter <= 0) return true;
  if (token.signInProvider === 'custom')
    return typeof token.sv === 'number' && token.sv >= validity.validAfter;
  if (typeof token.av === 'number' && token.av >= validity.validAfter) return true;
  return token.authTime * 1000 > validity.validAfter;
}

/** The user's record as stored (the database, never the cache). */
export async function readValidity(db: Db, uid: string): Promise<Validity> {
  const row = await db
    .selectFrom('session_validity')
    .select(['valid_after', 'firebase_valid_since'])
    .where('subject', '=', subjectOf(uid))
    .executeTakeFirst();
  return row
    ? { validAfter: Number(row.valid_after), firebaseSince: Number(row.firebase_valid_since) }
    : NEVER_REVOKED;
}

/** Moves valid_after forward (strictly: at least one more than before) and answers the new value. */
export async function writeRevocation(
  db: Db,
  uid: string,
  now: number,
  reason: RevocationReason,
): Promise<number> {
  const row = await db
    .insertInto('session_validity')
    .values({ subject: subjectOf(uid), valid_after: now, reason, updated_at: now })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet((eb) => ({
        valid_after: eb.fn('greatest', [
          eb.ref('excluded.valid_after'),
          eb(eb.ref('session_validity.valid_after'), '+', 1),
        ]),
        reason,
        updated_at: now,
      })),
    )
    .returning('valid_after')
    .executeTakeFirstOrThrow();
  return Number(row.valid_after);
}

/** Records Firebase's "tokens valid after" second when it is newer than the one known; true when it was. */
export async function writeFirebaseSince(
  db: Db,
  uid: string,
  seconds: number,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('session_validity')
    .values({
      subject: subjectOf(uid),
      valid_after: 0,
      firebase_valid_since: seconds,
      reason: null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('subject')
        .doUpdateSet({ firebase_valid_since: seconds, updated_at: now })
        .where('session_validity.firebase_valid_since', '<', seconds),
    )
    .returning('subject')
    .executeTakeFirst();
  return row !== undefined;
}

/** This process's copies of the users' records, kept exact by the event bus (../realtime/cache.ts). */
export class ValidityCache {
  readonly #cache: BusCache<Validity>;
  readonly #waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly db: Db,
    private readonly bus: ChatListener | undefined,
    options: BusCacheOptions = {},
  ) {
    this.#cache = new BusCache<Validity>(bus, (event) => (event.t === 'sessions' ? event.u : null), options);
    bus?.subscribe((event) => {
      if (event.t !== 'sessions') return;
      const waiting = this.#waiters.get(event.u);
      if (waiting) for (const resolve of waiting) resolve();
    });
  }

  get size(): number {
    return this.#cache.size;
  }

  /** The user's record: from memory when the bus vouches for it, else from the database. */
  get(uid: string): Promise<Validity> {
    return this.#cache.get(uid, () => readValidity(this.db, uid));
  }

  /** Forgets the user's copy (this process changed the record). */
  forget(uid: string): void {
    this.#cache.forget(uid);
  }

  /**
   * Resolves when this process hears the next change of `uid` on the bus (or after `timeoutMs`): a
   * revocation answers only once the bus has carried it, so the other processes have it too. Call it
   * before making the change.
   */
  announced(uid: string, timeoutMs = 1_000): { wait(): Promise<void> } {
    let resolve!: () => void;
    const heard = new Promise<void>((r) => (resolve = r));
    let set = this.#waiters.get(uid);
    if (!set) this.#waiters.set(uid, (set = new Set()));
    set.add(resolve);
    const done = () => {
      set.delete(resolve);
      if (set.size === 0 && this.#waiters.get(uid) === set) this.#waiters.delete(uid);
    };
    return {
      wait: async () => {
        if (!this.bus?.connected()) return done();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([heard, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
        clearTimeout(timer);
        done();
      },
    };
  }
}

const caches = new WeakMap<Db, ValidityCache>();

/** The cache of the app over `db` (created by the identity part's register hook), if any. */
export function validityCacheOf(db: Db): ValidityCache | undefined {
  return caches.get(db);
}

export function installValidityCache(
  db: Db,
  bus: ChatListener | undefined,
  options?: BusCacheOptions,
): ValidityCache {
  const cache = new ValidityCache(db, bus, options);
  caches.set(db, cache);
  return cache;
}

/** The user's record through the app's cache (or the database when the app has none). */
export function validityOf(db: Db, uid: string): Promise<Validity> {
  return validityCacheOf(db)?.get(uid) ?? readValidity(db, uid);
}
