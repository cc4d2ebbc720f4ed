// Attempt limits for second factors (TOTP and e-mail codes alike), built so that an attacker who knows a
// password cannot lock the account's owner out:
//
//   - per source (the client address) across all users: at most `perSource` failures over a sliding
//     15 minutes, then 429 until the oldest counted failure leaves the window — no more than 10 guesses
//     per 15 minutes from any one source in production (20 times that elsewhere: every end-to-end test
//     signs in from 127.0.0.1);
//   - per user and source together: at most `perUserSource` failures over the window, likewise;
//   - per user, for devices that never passed this user's second factor: exponential back-off instead of
//     a lock. After `backoffFree` failures of the user in the window (from anywhere), each further attempt
//     waits 1 s, 2 s, 4 s … (at most 15 minutes) after the user's last failure. A device that passed the
//     user's second factor before (an httpOnly device cookie, kept as a keyed hash) is not slowed down:
//     the owner with the right code on their usual device gets in while someone else is guessing.
//   - when the user's failures in the window reach `alertAt`, the user is warned by e-mail (at most once
//     per window).
// Per-challenge limits (5 failures per e-mail challenge) live with the challenge itself (./service.ts).
import type { Db } from '../../db/index.ts';
import { tooManyAttempts } from '../errors.ts';

export interface MfaLimits {
  failuresPerChallenge: number;
  windowMs: number;
  perSource: number;
  perUserSource: number;
  backoffFree: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  alertAt: number;
}

export const MFA_LIMITS: MfaLimits = Object.freeze({
  failuresPerChallenge: 5,
  windowMs: 15 * 60_000,
  perSource: 10,
  perUserSource: 10,
  backoffFree: 5,
  backoffBaseMs: 1_000,
  backoffMaxMs: 15 * 60_000,
  alertAt: 5,
});

/** The limits in force: as written in production; outside it, 20 times more failures per source. */
export function mfaLimitsFor(env: string): MfaLimits {
  return env === 'production' ? MFA_LIMITS : { ...MFA_LIMITS, perSource: MFA_LIMITS.perSource * 20 };
}

/** Where an attempt comes from. */
export interface MfaSource {
  /** Keyed hash of the client address. */
  address: string;
  /** Keyed hash of the device cookie the browser sent, if any. */
  device: string | null;
}

/** What the limiter needs (a subset of ./service.ts MfaDeps). */
export interface LimiterDeps {
  db: Db;
  limits?: MfaLimits | undefined;
  source?: MfaSource | undefined;
  /** Warns the user by e-mail about repeated failures (called at most once per window). */
  alert?: ((userId: string, failures: number) => void) | undefined;
}

const UNKNOWN_SOURCE: MfaSource = { address: 'unknown', device: null };

const limitsOf = (deps: LimiterDeps) => deps.limits ?? MFA_LIMITS;
const sourceOf = (deps: LimiterDeps) => deps.source ?? UNKNOWN_SOURCE;

/** The wait before the next attempt after `failures` failures of the user (0 when none is due). */
export function backoffMs(failures: number, limits: MfaLimits = MFA_LIMITS): number {
  if (failures < limits.backoffFree) return 0;
  return Math.min(
    limits.backoffMaxMs,
    limits.backoffBaseMs * 2 ** Math.min(30, failures - limits.backoffFree),
  );
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

async function knownDevice(db: Db, userId: string, device: string | null): Promise<boolean> {
  if (!device) return false;
  const row = await db
    .selectFrom('mfa_known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('device', '=', device)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws 429 (with Retry-After) when this source or this user may not try again yet. */
export async function assertNotLimited(deps: LimiterDeps, userId: string, now: number): Promise<void> {
  const limits = limitsOf(deps);
  const source = sourceOf(deps);
  const since = now - limits.windowMs;
  const fromSource = await deps.db
    .selectFrom('mfa_failures')
    .select('at')
    .where('source', '=', source.address)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(limits.perSource)
    .execute();
  if (fromSource.length >= limits.perSource)
    throw tooManyAttempts(seconds(fromSource[fromSource.length - 1]!.at + limits.windowMs - now));

  const ofUser = await deps.db
    .selectFrom('mfa_failures')
    .select(['at', 'source'])
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(64)
    .execute();
  const here = ofUser.filter((f) => f.source === source.address).slice(0, limits.perUserSource);
  if (here.length >= limits.perUserSource)
    throw tooManyAttempts(seconds(here[here.length - 1]!.at + limits.windowMs - now));

  const wait = backoffMs(ofUser.length, limits);
  if (wait > 0 && now < ofUser[0]!.at + wait && !(await knownDevice(deps.db, userId, source.device))) {
    throw tooManyAttempts(
      seconds(ofUser[0]!.at + wait - now),
      'Too many wrong codes for this account. Wait a moment before the next try.',
    );
  }
}

/**
 * Records one failed attempt (and forgets failures older than the window); warns the user by e-mail when
 * the failures reach `alertAt`. Answers how many attempts this source has left for this user.
 */
export async function recordFailure(
  deps: LimiterDeps,
  userId: string,
  kind: 'totp' | 'email',
  now: number,
): Promise<number> {
  const limits = limitsOf(deps);
  const source = sourceOf(deps);
  await deps.db
    .insertInto('mfa_failures')
    .values({ user_id: userId, kind, at: now, source: source.address })
    .execute();
  await deps.db
    .deleteFrom('mfa_failures')
    .where('at', '<=', now - limits.windowMs)
    .execute();
  const [ofUser, here, fromSource] = await Promise.all([
    countFailures(deps.db, now - limits.windowMs, { userId }),
    countFailures(deps.db, now - limits.windowMs, { userId, source: source.address }),
    countFailures(deps.db, now - limits.windowMs, { source: source.address }),
  ]);
  if (ofUser >= limits.alertAt && deps.alert) {
    const claimed = await deps.db
      .insertInto('mfa_failure_alerts')
      .values({ user_id: userId, sent_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ sent_at: now })
          .where('mfa_failure_alerts.sent_at', '<=', now - limits.windowMs),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (claimed) deps.alert(userId, ofUser);
  }
  return Math.max(0, Math.min(limits.perUserSource - here, limits.perSource - fromSource));
}

async function countFailures(
  db: Db,
  since: number,
  by: { userId?: string; source?: string },
): Promise<number> {
  let query = db
    .selectFrom('mfa_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('at', '>', since);
  if (by.userId !== undefined) query = query.where('user_id', '=', by.userId);
  if (by.source !== undefined) query = query.where('source', '=', by.source);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many failures this source may still make for this user before being limited. */
export async function attemptsLeft(deps: LimiterDeps, userId: string, now: number): Promise<number> {
  const limits = limitsOf(deps);
  const source = sourceOf(deps);
  const [here, fromSource] = await Promise.all([
    countFailures(deps.db, now - limits.windowMs, { userId, source: source.address }),
    countFailures(deps.db, now - limits.windowMs, { source: source.address }),
  ]);
  return Math.max(0, Math.min(limits.perUserSource - here, limits.perSource - fromSource));
}

/** Remembers that this device passed the user's second factor (it is then exempt from the back-off). */
export async function rememberDevice(db: Db, userId: string, device: string, now: number): Promise<void> {
  await db
    .insertInto('mfa_known_devices')
    .values({ user_id: userId, device, last_passed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device']).doUpdateSet({ last_passed_at: now }))
    .execute();
}
