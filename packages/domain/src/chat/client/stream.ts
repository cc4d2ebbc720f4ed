/**
 * The chat's live connection: the connection state machine (model/connection.ts) and its effects — the chat
 * token, the EventSource resumed after the last event read, the back-off timer, the browser's online/offline
 * hints. What the stream says goes to its listener (the chat client), parsed (model/events.ts).
 */
import type { ChatToken } from '@tend/api/model';
import { toProblem } from '@tend/core';
import {
  transition,
  type ClosedReason,
  type ConnectionEffect,
  type ConnectionEvent,
} from '../model/connection.ts';
import { STREAM_EVENTS, parseStreamEvent, resumeFrom, type ChatStreamEvent } from '../model/events.ts';
import { browserNetwork, TOKEN_MARGIN_MS, type ChatCore, type EventSourceLike } from './ports.ts';

/** What the connection tells the chat client, and asks of it. */
export interface StreamListener {
  /** An event of the stream. */
  event(event: ChatStreamEvent): void;
  /** The connection went live (again). */
  live(): void;
  /** The id of the last event read (the stream resumes after it). */
  lastEventId(): string | null;
  /** The history's first page while it is on its way (the stream waits for it). */
  firstPage(): Promise<void> | null;
}

/** The reason a failed token call gives: the chat is gone for me (fatal), or try again (null). */
function tokenFailure(error: unknown): ClosedReason | null {
  const problem = toProblem(error);
  if (problem.status === 401) return 'unauthenticated';
  if (problem.status === 403) return 'left';
  if (problem.status === 404) return 'notFound';
  if (problem.status === 409) return 'ended';
  return null;
}

export class ChatStream {
  readonly #core: ChatCore;
  readonly #listener: StreamListener;
  #token: ChatToken | null = null;
  #source: EventSourceLike | null = null;
  #timer: unknown = null;
  #tokenGeneration = 0;
  #openGeneration = 0;
  #unsubscribeNetwork: (() => void) | null = null;

  constructor(core: ChatCore, listener: StreamListener) {
    this.#core = core;
    this.#listener = listener;
  }

  /** Connects (again, after stop). */
  start(): void {
    if (!this.#unsubscribeNetwork) {
      const network = this.#core.ports.network ?? browserNetwork();
      // The browser's online/offline events are hints (navigator.onLine can say offline where the server is
      // reachable): the connection is tried anyway, and "offline" keeps probing with back-off.
      this.#unsubscribeNetwork =
        network?.subscribe((online) => this.dispatch({ type: online ? 'online' : 'offline' })) ?? (() => {});
      this.dispatch({ type: 'start' });
      return;
    }
    this.dispatch({ type: 'start' });
  }

  /** Disconnects for good (until start). */
  stop(): void {
    this.dispatch({ type: 'stop' });
    this.#unsubscribeNetwork?.();
    this.#unsubscribeNetwork = null;
  }

  /** Tries to reconnect now instead of waiting out the back-off. */
  reconnectNow(): void {
    this.dispatch({ type: 'retryNow' });
  }

  /** Feeds an event to the connection state machine and runs its effects. */
  dispatch(event: ConnectionEvent): void {
    const before = this.#core.snapshot().connection;
    const { state, effects } = transition(before, event, this.#core.random);
    if (state !== before) this.#core.set({ connection: state });
    for (const effect of effects) this.#run(effect);
    if (state.status === 'live' && before.status !== 'live') this.#listener.live();
    if (state.status === 'closed' && before.status !== 'closed' && state.reason)
      this.#core.ports.onClosed?.(state.reason);
  }

  #run(effect: ConnectionEffect): void {
    switch (effect.type) {
      case 'fetchToken':
        void this.#fetchToken();
        return;
      case 'open':
        void this.#open();
        return;
      case 'close':
        this.#openGeneration++;
        this.#source?.close();
        this.#source = null;
        return;
      case 'schedule':
        this.#timer = this.#core.timers.set(() => this.dispatch({ type: 'timer' }), effect.ms);
        return;
      case 'cancelTimer':
        this.#core.timers.clear(this.#timer);
        this.#timer = null;
        return;
    }
  }

  async #fetchToken(): Promise<void> {
    const generation = ++this.#tokenGeneration;
    try {
      const token = await this.#core.ports.token();
      if (generation !== this.#tokenGeneration) return;
      this.#token = token;
      this.dispatch({ type: 'tokenReady' });
    } catch (error) {
      if (generation !== this.#tokenGeneration) return;
      this.dispatch({ type: 'tokenFailed', fatal: tokenFailure(error) });
    }
  }

  async #open(): Promise<void> {
    const generation = ++this.#openGeneration;
    // With the history's first page on its way, wait for it: the stream resumes from where it was read.
    const firstPage = this.#listener.firstPage();
    if (firstPage) await firstPage;
    if (generation !== this.#openGeneration || this.#core.snapshot().connection.status !== 'connecting')
      return;
    const token = this.#token;
    if (!token || Date.parse(token.expiresAt) - this.#core.now() < TOKEN_MARGIN_MS) {
      void this.#fetchToken();
      return;
    }
    let source: EventSourceLike;
    try {
      source = this.#core.ports.open(token, resumeFrom(this.#listener.lastEventId()));
    } catch {
      this.dispatch({ type: 'dropped' });
      return;
    }
    this.#source = source;
    for (const name of STREAM_EVENTS) {
      source.addEventListener(name, (event) => {
        if (this.#source !== source) return;
        const { data, lastEventId } = event as MessageEvent<string>;
        const parsed = parseStreamEvent(name, typeof data === 'string' ? data : '', lastEventId);
        if (parsed) this.#listener.event(parsed);
      });
    }
    source.addEventListener('error', () => {
      if (this.#source === source) this.dispatch({ type: 'dropped' });
    });
  }
}
