// The session-validity rule and the bus-kept cache it is read through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { localChatListener, publishChatEvent, type ChatEvent, type ChatListener } from '../realtime/bus.ts';
import { BusCache } from '../realtime/cache.ts';
import {
  NEVER_REVOKED,
  isCurrent,
  readValidity,
  subjectOf,
  writeFirebaseSince,
  writeRevocation,
} from './validity.ts';
import { createPgliteTestDb } from '../../test/helpers.ts';

const R = 1_800_000_000_400; // a revocation at .400 of a second
const second = Math.floor(R / 1000);

describe('isCurrent', () => {
  it('accepts everything of a user never revoked (tokens from before the claims existed too)', () => {
    expect(isCurrent({ signInProvider: 'custom', authTime: 1 }, NEVER_REVOKED)).toBe(true);
    expect(isCurrent({ signInProvider: 'password', authTime: 1 }, NEVER_REVOKED)).toBe(true);
  });

  it('judges a custom-token session by the valid_after it was minted under, whatever second it started in', () => {
    const v = { validAfter: R, firebaseSince: 0 };
    expect(isCurrent({ signInProvider: 'custom', authTime: second, sv: R }, v)).toBe(true);
    expect(isCurrent({ signInProvider: 'custom', authTime: second, sv: R - 1 }, v)).toBe(false);
    // Minted before, signed in with later: still refused.
    expect(isCurrent({ signInProvider: 'custom', authTime: second + 60, sv: 0 }, v)).toBe(false);
    expect(isCurrent({ signInProvider: 'custom', authTime: second + 60 }, v)).toBe(false);
  });

  it('judges a password token by the account claim, else by a later second than the revocation', () => {
    const v = { validAfter: R, firebaseSince: 0 };
    // Same second as the revocation: only the account claim written by it tells "after" apart.
    expect(isCurrent({ signInProvider: 'password', authTime: second, av: R }, v)).toBe(true);
    expect(isCurrent({ signInProvider: 'password', authTime: second, av: R - 5 }, v)).toBe(false);
    expect(isCurrent({ signInProvider: 'password', authTime: second }, v)).toBe(false);
    expect(isCurrent({ signInProvider: 'password', authTime: second - 1 }, v)).toBe(false);
    expect(isCurrent({ signInProvider: 'password', authTime: second + 1 }, v)).toBe(true);
  });

  it('refuses what was signed in before Firebase’s own "tokens valid after" second', () => {
    const v = { validAfter: 0, firebaseSince: second };
    expect(isCurrent({ signInProvider: 'custom', authTime: second - 1, sv: 0 }, v)).toBe(false);
    expect(isCurrent({ signInProvider: 'custom', authTime: second, sv: 0 }, v)).toBe(true);
    expect(isCurrent({ signInProvider: 'password', authTime: second - 1 }, v)).toBe(false);
  });
});

describe('the record', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createPgliteTestDb();
  });
  afterAll(async () => db.destroy());

  it('moves valid_after strictly forward, keyed by a hash of the uid, and keeps Firebase’s second apart', async () => {
    expect(await readValidity(db, 'u1')).toEqual(NEVER_REVOKED);
    const first = await writeRevocation(db, 'u1', R, 'sign-out');
    expect(first).toBe(R);
    // The same instant (or a clock behind): still later than before.
    expect(await writeRevocation(db, 'u1', R, 'sign-out')).toBe(R + 1);
    expect(await writeRevocation(db, 'u1', R - 50, 'email-changed')).toBe(R + 2);
    expect(await writeFirebaseSince(db, 'u1', second, R)).toBe(true);
    expect(await writeFirebaseSince(db, 'u1', second - 1, R)).toBe(false);
    expect(await readValidity(db, 'u1')).toEqual({ validAfter: R + 2, firebaseSince: second });
    const rows = await db.selectFrom('session_validity').selectAll().execute();
    expect(rows.map((r) => r.subject)).toEqual([subjectOf('u1')]);
    expect(JSON.stringify(rows)).not.toContain('"u1"');
  });
});

/** A bus whose connection the test controls. */
function fakeBus(): ChatListener & { emit(event: ChatEvent): void; set(connected: boolean): void } {
  const listeners = new Set<(e: ChatEvent) => void>();
  const drops = new Set<() => void>();
  const connects = new Set<() => void>();
  let connected = true;
  return {
    ready: async () => {},
    connected: () => connected,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    onDrop: (c) => void drops.add(c),
    onConnect: (c) => void connects.add(c),
    close: async () => {},
    emit: (e) => listeners.forEach((l) => l(e)),
    set(value) {
      connected = value;
      (value ? connects : drops).forEach((c) => c());
    },
  };
}

describe('BusCache', () => {
  it('serves from memory until the bus announces a change of the key', async () => {
    const bus = fakeBus();
    const cache = new BusCache<number>(bus, (e) => (e.t === 'sessions' ? e.u : null));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    bus.emit({ t: 'user', u: 'a' });
    expect(await cache.get('a', load)).toBe(1);
    bus.emit({ t: 'sessions', u: 'a' });
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep a value read while a change was announced', async () => {
    const bus = fakeBus();
    const cache = new BusCache<string>(bus, (e) => (e.t === 'sessions' ? e.u : null));
    const stale = await cache.get('a', async () => {
      bus.emit({ t: 'sessions', u: 'a' });
      return 'old';
    });
    expect(stale).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('caches nothing while the bus is not listening, and forgets everything when it drops or comes back', async () => {
    const bus = fakeBus();
    const cache = new BusCache<number>(bus, () => null);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    bus.set(false);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(3);
    bus.set(true);
    expect(await cache.get('a', load)).toBe(4);
    expect(await cache.get('a', load)).toBe(4);
    expect(await new BusCache<number>(undefined, () => null).get('a', load)).toBe(5);
  });

  it('hears database triggers on PGlite: a role granted anywhere drops the copy of the user', async () => {
    const db = await createPgliteTestDb();
    const bus = localChatListener(db);
    await bus.ready();
    try {
      const cache = new BusCache<string[]>(bus, (e) => (e.t === 'user' ? e.u : null));
      await db
        .insertInto('users')
        .values({ id: 'u9', email: 'u9@example.com', language: 'en', updated_at: 1 })
        .execute();
      const roles = () =>
        db
          .selectFrom('user_roles')
          .select('role')
          .where('user_id', '=', 'u9')
          .execute()
          .then((r) => r.map((x) => x.role as string));
      expect(await cache.get('u9', roles)).toEqual([]);
      await db
        .insertInto('user_roles')
        .values({ user_id: 'u9', role: 'patient', organisation_id: null })
        .execute();
      // PGlite hands notifications over right after the statement: the copy is gone already.
      await Promise.resolve();
      expect(await cache.get('u9', roles)).toEqual(['patient']);
      await publishChatEvent(db, { t: 'user', u: 'u9' });
      expect(cache.size).toBe(0);
    } finally {
      await bus.close();
      await db.destroy();
    }
  });
});
