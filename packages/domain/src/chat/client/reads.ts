/**
 * The chat's unread count and marking read: the count is the server's, asked again shortly after every change
 * (changes come in bursts) and dropped when a newer answer is on its way or I read meanwhile; marking read is
 * one call at a time, at most once per MARK_READ_INTERVAL_MS while messages keep arriving.
 */
import { hasUnseen } from '../model/thread.ts';
import { MARK_READ_INTERVAL_MS, UNREAD_REFRESH_MS, type ChatCore } from './ports.ts';

export class ChatReads {
  readonly #core: ChatCore;
  #unreadTimer: unknown = null;
  #unreadGeneration = 0;
  #selfReads = 0;
  #marking: Promise<void> | null = null;
  #markAgain = false;
  #markTimer: unknown = null;
  #lastMarked = Number.NEGATIVE_INFINITY;

  constructor(core: ChatCore) {
    this.#core = core;
  }

  /** The stream said someone read: my own reads make a count asked before them out of date. */
  readBy(userId: string): void {
    if (userId === this.#core.selfId) this.#selfReads++;
  }

  refreshUnread(delay = UNREAD_REFRESH_MS): void {
    const { timers, ports } = this.#core;
    timers.clear(this.#unreadTimer);
    this.#unreadTimer = timers.set(() => {
      const generation = ++this.#unreadGeneration;
      const reads = this.#selfReads;
      ports.unread().then(
        (count) => {
          // A newer answer is on its way, or I read meanwhile: this count is out of date.
          if (generation !== this.#unreadGeneration || reads !== this.#selfReads || count === undefined)
            return;
          this.#core.thread({ type: 'unreadCounted', count });
        },
        () => undefined,
      );
    }, delay);
  }

  /**
   * Marks everything read: once at a time, at most once per MARK_READ_INTERVAL_MS while messages keep coming
   * (the last call is kept and made when the interval is over), and nothing when nothing is unseen.
   */
  markRead(): Promise<void> {
    const core = this.#core;
    if (!hasUnseen(core.snapshot().thread, core.selfId)) return Promise.resolve();
    if (this.#marking) {
      this.#markAgain = true;
      return this.#marking;
    }
    const wait = this.#lastMarked + MARK_READ_INTERVAL_MS - core.now();
    if (wait > 0) {
      if (!this.#markTimer) {
        this.#markTimer = core.timers.set(() => {
          this.#markTimer = null;
          if (!this.#marking && hasUnseen(core.snapshot().thread, core.selfId)) void this.#markNow();
        }, wait);
      }
      return Promise.resolve();
    }
    return this.#markNow();
  }

  #markNow(): Promise<void> {
    const core = this.#core;
    this.#lastMarked = core.now();
    this.#marking = core.ports
      .markRead()
      .then((state) => {
        this.#selfReads++;
        core.thread({ type: 'read', userId: core.selfId, readAt: state.readAt, selfId: core.selfId });
      })
      .catch(() => undefined)
      .finally(() => {
        this.#marking = null;
        if (this.#markAgain) {
          this.#markAgain = false;
          void this.markRead();
        }
      });
    return this.#marking;
  }

  /** Stops a mark read waiting for its interval. */
  stopMarking(): void {
    this.#core.timers.clear(this.#markTimer);
    this.#markTimer = null;
  }

  /** Stops a count waiting to be asked. */
  stopCounting(): void {
    this.#core.timers.clear(this.#unreadTimer);
  }
}
