// A per-process cache of database facts that stays exact through the event bus (./bus.ts): every change
// of a fact is announced on the bus (by the code that made it, or by a database trigger), and every
// process drops its copy when it hears of it.
//
// Two rules keep a stale copy from ever being kept: nothing is cached while the bus is not listening (a
// dropped LISTEN connection may have missed announcements; after it is back everything is forgotten), and
// a value read from the database is kept only if no change was announced while it was being read.
import type { ChatEvent, ChatListener } from './bus.ts';

export interface BusCacheOptions {
  /** At most this many keys are kept (the oldest go first). */
  maxEntries?: number;
  /** A copy is read again after this long whatever the bus said (ms): a safety net, not the mechanism. */
  maxAgeMs?: number;
}

interface Entry<V> {
  value: V;
  at: number;
}

export class BusCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  /** Bumped by every announced change, drop and reconnection. */
  #epoch = 0;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;

  /** `keyOf` names the key an event changes (null: not about this cache). */
  constructor(
    private readonly bus: ChatListener | undefined,
    keyOf: (event: ChatEvent) => string | null,
    options: BusCacheOptions = {},
  ) {
    this.#maxEntries = options.maxEntries ?? 50_000;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    bus?.subscribe((event) => {
      const key = keyOf(event);
      if (key !== null) this.forget(key);
    });
    const forgetAll = () => {
      this.#epoch++;
      this.#entries.clear();
    };
    bus?.onDrop(forgetAll);
    bus?.onConnect(forgetAll);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value: from memory when the bus vouches for it, else `load()` (kept when nothing changed meanwhile). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.#maxAgeMs && this.#listening()) return entry.value;
    const epoch = this.#epoch;
    const value = await load();
    if (epoch === this.#epoch && this.#listening()) {
      this.#entries.delete(key);
      this.#entries.set(key, { value, at: now });
      if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return value;
  }

  /** Drops the copy of `key` (this process changed it, or the bus said another did). */
  forget(key: string): void {
    this.#epoch++;
    this.#entries.delete(key);
  }

  #listening(): boolean {
    return this.bus !== undefined && this.bus.connected();
  }
}
