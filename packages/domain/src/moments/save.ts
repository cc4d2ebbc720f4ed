import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { addJournalMoment, addMoment } from '@tend/api';
import type { Moment } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { afterMomentsStored } from './cache.ts';
import { JOURNAL_TYPES } from './types.ts';
import {
  flushOutbox,
  pendingMoments,
  queueMoment,
  subscribeOutbox,
  type OwnMoment,
  type PendingMoment,
} from './outbox.ts';

/** A new client-chosen moment id (the server is idempotent by it). */
export function newMomentId(): string {
  return crypto.randomUUID();
}

/** What a save answers: the moment as stored, or as queued in the outbox ("waiting to sync"). */
export interface SavedMoment {
  moment: OwnMoment | Moment;
  queued: boolean;
}

/** Failures that mean "no connection to the server": the moment waits in the outbox instead. */
const unreachable = (error: unknown) => ['offline', 'network', 'unavailable'].includes(toProblem(error).kind);

/**
 * Saves one of the patient's own moments (check-up, journal, CBT step, screening, exercise): stamped with a
 * newer `updatedAt` (so re-saving the same momentId edits it and the newer copy always wins), sent with
 * addMoment/addJournalMoment, or, without a connection, kept in the offline outbox and sent later. Other
 * failures (a 400, a 409) are thrown for the form to show. The cache follows what the server answered.
 */
export function useSaveMoment(patientId: string | undefined) {
  const queryClient = useQueryClient();
  // Not the generated hook alone (the call, or the IndexedDB outbox without a connection): see the package README, Data hooks.
  return useMutation({
    mutationFn: async (draft: OwnMoment): Promise<SavedMoment> => {
      if (!patientId) throw new Error('Not signed in');
      const moment = { ...draft, updatedAt: Math.max(Date.now(), (draft.updatedAt ?? 0) + 1) } as OwnMoment;
      const queue = async () => {
        await queueMoment(patientId, moment);
        return { moment, queued: true };
      };
      // Always tried first: navigator.onLine is only a hint (false on machines without a default route), and
      // a request without a connection fails at once.
      try {
        const params = { eventType: moment.eventType };
        const stored = JOURNAL_TYPES.includes(moment.eventType)
          ? await addJournalMoment(moment as Moment, params)
          : await addMoment(moment as Moment, params);
        return { moment: stored, queued: false };
      } catch (error) {
        if (unreachable(error)) return queue();
        throw error;
      }
    },
    onSuccess: (saved) => {
      if (!saved.queued && patientId) afterMomentsStored(queryClient, patientId, [saved.moment as Moment]);
    },
  });
}

/** The patient's moments waiting to sync, kept up to date (this tab and others). */
export function usePendingMoments(patientId: string | undefined): PendingMoment[] {
  const [items, setItems] = useState<PendingMoment[]>([]);
  useEffect(() => {
    if (!patientId) return;
    let live = true;
    const read = () =>
      void pendingMoments(patientId)
        .then((list) => live && setItems(list))
        .catch(() => undefined);
    read();
    const unsubscribe = subscribeOutbox(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [patientId]);
  return items;
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online (navigator.onLine, live). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export interface OutboxSync {
  pending: PendingMoment[];
  /**
   * Whether the server can be reached: what the last attempt to send showed, else the browser's hint
   * (navigator.onLine). The hint is wrong both ways at start: false on a machine with no default route while
   * the service answers on its own network, true in a page reloaded without a connection.
   */
  online: boolean;
  syncing: boolean;
  /** The last attempt failed (it is tried again when the connection returns, and every 10 s). */
  failed: boolean;
  syncNow(): void;
}

const RETRY_MS = 10_000;

/**
 * Sends the outbox when it can: at start, when the connection returns, when something is queued, and every
 * 10 s while moments wait (navigator.onLine is only a hint, so waiting moments are tried regardless; one
 * small request each time). The cache follows what was stored.
 */
export function useOutboxSync(patientId: string | undefined): OutboxSync {
  const queryClient = useQueryClient();
  const pending = usePendingMoments(patientId);
  const browserOnline = useOnline();
  // What the last attempt showed (reached the server or not), and the browser's hint at the time: it stands
  // until the browser says the connection changed.
  const [attempt, setAttempt] = useState<{ reached: boolean; hint: boolean } | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [failed, setFailed] = useState(false);
  const syncNow = useCallback(() => {
    if (!patientId) return;
    setSyncing(true);
    flushOutbox(patientId)
      .then((sent) => {
        setFailed(false);
        setAttempt({ reached: true, hint: navigator.onLine });
        if (sent.length > 0) afterMomentsStored(queryClient, patientId, sent as Moment[]);
      })
      .catch((error: unknown) => {
        setFailed(true);
        setAttempt({ reached: !unreachable(error), hint: navigator.onLine });
      })
      .finally(() => setSyncing(false));
  }, [patientId, queryClient]);
  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    syncNow();
    const timer = window.setInterval(syncNow, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [browserOnline, waiting, syncNow, pending.length]);
  const online = attempt && attempt.hint === browserOnline ? attempt.reached : browserOnline;
  return { pending, online, syncing, failed, syncNow };
}
