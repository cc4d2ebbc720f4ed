import { useSyncExternalStore } from 'react';

/** Why the crisis panel is open: the person asked for help, or an answer started the safety flow. */
export type CrisisReason = 'help' | 'safety';

export interface CrisisPanelState {
  open: boolean;
  reason: CrisisReason;
  /** Safety flow: the answers that started it are stored (the care team will see them). */
  stored: boolean;
}

const CLOSED: CrisisPanelState = { open: false, reason: 'help', stored: false };
let state = CLOSED;
const listeners = new Set<() => void>();
const set = (next: CrisisPanelState) => {
  state = next;
  for (const l of listeners) l();
};

/**
 * Opens the one crisis panel of the app (the header's "Get help now" renders it), from anywhere: the header
 * button, or a screen whose answer starts the safety flow (PHQ-9 item 9 above 0). No network involved.
 */
export function openCrisisPanel(reason: CrisisReason = 'help'): void {
  set({
    open: true,
    reason,
    stored: reason === 'safety' && state.reason === 'safety' ? state.stored : false,
  });
}

/** The safety flow's answers are stored: the panel says so. */
export function markSafetyResultStored(): void {
  if (state.reason === 'safety') set({ ...state, stored: true });
}

export function closeCrisisPanel(): void {
  set({ ...state, open: false });
}

/** For tests: back to closed. */
export function resetCrisisPanel(): void {
  set(CLOSED);
}

export function useCrisisPanelState(): CrisisPanelState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
