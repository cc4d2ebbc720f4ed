/**
 * Sending and editing: every new message gets a client-chosen key that it keeps through every retry (the server
 * keeps one message per key); what failed for the network is sent again by itself with back-off.
 */
import { toProblem } from '@tend/core';
import { backoffDelay } from '../model/connection.ts';
import type { ChatCore } from './ports.ts';

/** Whether a failed send or edit may pass on another try, and the failure's code. */
export const retryableFailure = (error: unknown) => {
  const problem = toProblem(error);
  return {
    retryable: problem.retryable || problem.kind === 'offline' || problem.kind === 'network',
    code: problem.code,
  };
};

export class ChatOutbox {
  readonly #core: ChatCore;
  readonly #newKey: () => string;
  readonly #sendRetries = new Map<string, unknown>();

  constructor(core: ChatCore, newKey: () => string) {
    this.#core = core;
    this.#newKey = newKey;
  }

  /** Sends a new message with a new key; answers the key. */
  send(body: string): string {
    const key = this.#newKey();
    this.#core.thread({ type: 'queued', key, body, at: this.#core.now() });
    void this.#put(key, body);
    return key;
  }

  /** Sends a failed message again, with the same key (the server keeps one message per key). */
  retry(key: string): void {
    const item = this.#core.snapshot().thread.outbox.find((o) => o.key === key && o.status === 'failed');
    if (!item) return;
    this.#core.thread({ type: 'retrying', key });
    void this.#put(key, item.body);
  }

  /** Removes a message that failed to send. */
  discard(key: string): void {
    this.#cancelSendRetry(key);
    this.#core.thread({ type: 'discarded', key });
  }

  /** Stops every automatic send waiting for its back-off. */
  cancelRetries(): void {
    for (const key of [...this.#sendRetries.keys()]) this.#cancelSendRetry(key);
  }

  async #put(key: string, body: string): Promise<void> {
    const core = this.#core;
    this.#cancelSendRetry(key);
    try {
      const message = await core.ports.send(key, body);
      core.thread({ type: 'sent', message });
    } catch (error) {
      const failure = retryableFailure(error);
      core.thread({ type: 'sendFailed', key, ...failure });
      // The network's failures are sent again by themselves (with back-off, the same key), besides once the
      // stream is live again: the browser's online event is not always there to say the network is back.
      if (failure.retryable && core.snapshot().connection.status !== 'closed') {
        const attempts = core.snapshot().thread.outbox.find((o) => o.key === key)?.attempts ?? 1;
        this.#sendRetries.set(
          key,
          core.timers.set(
            () => {
              this.#sendRetries.delete(key);
              this.retry(key);
            },
            backoffDelay(attempts, core.random),
          ),
        );
      }
    }
  }

  #cancelSendRetry(key: string): void {
    if (!this.#sendRetries.has(key)) return;
    this.#core.timers.clear(this.#sendRetries.get(key));
    this.#sendRetries.delete(key);
  }

  /** Edits one of my messages (the same key with the new text). */
  edit(key: string, body: string): void {
    const core = this.#core;
    const message = core.snapshot().thread.messages.find((m) => m.chatMessageKey === key);
    if (!message || message.senderId !== core.selfId) return;
    if (message.messageBody === body) {
      core.thread({ type: 'editDropped', key });
      return;
    }
    core.thread({ type: 'editQueued', key, body });
    core.ports.send(key, body).then(
      (saved) => core.thread({ type: 'editSaved', message: saved }),
      (error: unknown) => core.thread({ type: 'editFailed', key, ...retryableFailure(error) }),
    );
  }

  /** Gives up an edit that failed (the message keeps its saved text). */
  dropEdit(key: string): void {
    this.#core.thread({ type: 'editDropped', key });
  }
}
