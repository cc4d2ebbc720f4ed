/**
 * The offline outbox: moments the patient saved without a connection (or while the server was down), kept in
 * IndexedDB with their client-chosen `momentId` until `batchSyncMoments` has stored them. Nothing is lost across
 * a reload; a retry or a second tab never makes a duplicate (the server is idempotent by momentId, and an
 * entry leaves the outbox only when the copy the server stored is the one queued). Uses `idb` (a thin
 * promise wrapper of IndexedDB) rather than hand-written request plumbing.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { batchSyncMoments } from '@tend/api';
import type { BatchSyncRequest, Moment } from '@tend/api/model';

/** A moment as the patient writes it (the server sets patientId). */
export type OwnMoment = Moment extends infer M
  ? M extends { patientId?: unknown }
    ? Omit<M, 'patientId'>
    : never
  : never;

export interface PendingMoment {
  momentId: string;
  /** Whose moment (an outbox is per signed-in patient). */
  userId: string;
  moment: OwnMoment;
  queuedAt: number;
  attempts: number;
}

interface OutboxSchema extends DBSchema {
  pending: { key: string; value: PendingMoment; indexes: { byUser: string } };
}

const DB_NAME = 'tend-outbox';
const CHANNEL = 'tend-outbox';
/** The contract's limits: 500 events a batch, 20 batches a request. */
const EVENTS_PER_BATCH = 500;
const BATCHES_PER_REQUEST = 20;

let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | undefined;
function database(): Promise<IDBPDatabase<OutboxSchema>> {
  dbPromise ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('pending', { keyPath: 'momentId' }).createIndex('byUser', 'userId');
    },
  });
  return dbPromise;
}

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
function broadcast() {
  for (const l of listeners) l();
  try {
    channel ??= typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
    channel?.postMessage('changed');
  } catch {
    // no cross-tab notice: the other tab sees the outbox at its next read
  }
}

/** Called when the outbox changes, in this tab or another. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  let other: BroadcastChannel | undefined;
  try {
    other = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
    if (other) other.onmessage = () => listener();
  } catch {
    other = undefined;
  }
  return () => {
    listeners.delete(listener);
    other?.close();
  };
}

/** Keeps a moment to send later (a newer copy of the same momentId replaces the queued one). */
export async function queueMoment(userId: string, moment: OwnMoment): Promise<void> {
  const db = await database();
  const existing = await db.get('pending', moment.momentId);
  await db.put('pending', {
    momentId: moment.momentId,
    userId,
    moment,
    queuedAt: existing?.queuedAt ?? Date.now(),
    attempts: existing?.attempts ?? 0,
  });
  broadcast();
}

/** The patient's queued moments, oldest first. */
export async function pendingMoments(userId: string): Promise<PendingMoment[]> {
  const db = await database();
  const all = await db.getAllFromIndex('pending', 'byUser', userId);
  return all.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** The requests that send these moments: one batch per event type and 500 events, 20 batches per request. */
export function syncRequests(moments: readonly OwnMoment[]): BatchSyncRequest[] {
  const byType = new Map<string, OwnMoment[]>();
  for (const m of moments) byType.set(m.eventType, [...(byType.get(m.eventType) ?? []), m]);
  const batches: BatchSyncRequest['batches'] = [];
  for (const [eventType, events] of byType) {
    for (let i = 0; i < events.length; i += EVENTS_PER_BATCH) {
      const slice = events.slice(i, i + EVENTS_PER_BATCH);
      // The narrowest window holding the events: the answer lists the stored moments of the window.
      const starts = slice.map((e) => e.start);
      batches.push({
        eventType: eventType as OwnMoment['eventType'],
        startFrom: Math.min(...starts),
        endAt: Math.max(...starts) + 1,
        events: slice as Moment[],
      });
    }
  }
  const requests: BatchSyncRequest[] = [];
  for (let i = 0; i < batches.length; i += BATCHES_PER_REQUEST)
    requests.push({ batches: batches.slice(i, i + BATCHES_PER_REQUEST) });
  return requests;
}

async function sendAll(userId: string): Promise<OwnMoment[]> {
  const items = await pendingMoments(userId);
  if (items.length === 0) return [];
  const sent: OwnMoment[] = [];
  const db = await database();
  for (const request of syncRequests(items.map((i) => i.moment))) {
    try {
      await batchSyncMoments(request);
    } catch (error) {
      for (const b of request.batches) {
        for (const e of b.events) {
          const item = await db.get('pending', e.momentId);
          if (item) await db.put('pending', { ...item, attempts: item.attempts + 1 });
        }
      }
      broadcast();
      throw error;
    }
    const events = request.batches.flatMap((b) => b.events) as OwnMoment[];
    const tx = db.transaction('pending', 'readwrite');
    for (const e of events) {
      const item = await tx.store.get(e.momentId);
      // Edited again while this copy was on its way: keep the newer one for the next round.
      if (item && (item.moment.updatedAt ?? 0) <= (e.updatedAt ?? 0)) await tx.store.delete(e.momentId);
    }
    await tx.done;
    sent.push(...events);
    broadcast();
  }
  return sent;
}

const running = new Map<string, Promise<OwnMoment[]>>();

/**
 * Sends the patient's queued moments (batchSyncMoments) and removes those stored. One run at a time per
 * tab, and across tabs when the browser has Web Locks (a second tab sending the same moments would be
 * harmless anyway: the server stores each momentId once). Answers what was sent; throws when a request failed.
 */
export function flushOutbox(userId: string): Promise<OwnMoment[]> {
  const current = running.get(userId);
  if (current) return current;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<OwnMoment[]> = (
    locks
      ? (locks.request(`tend-outbox:${userId}`, () => sendAll(userId)) as unknown as Promise<OwnMoment[]>)
      : sendAll(userId)
  ).finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

/** For tests: forget the open database (fake-indexeddb is reset between tests). */
export function closeOutbox(): void {
  void dbPromise?.then((db) => db.close());
  dbPromise = undefined;
}
