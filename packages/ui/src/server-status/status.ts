/** The status file's content (spec section 3). */
export interface ServerStatusData {
  goingOffline: boolean;
  /** Epoch milliseconds. */
  offlineTime: number | null;
  pendingReason: string | null;
  activeReason: string | null;
}

export type ServerState = 'online' | 'goingOffline' | 'offline';

export interface ServerStatus {
  state: ServerState;
  /** True unless offline: the product can be used (also while going offline). */
  online: boolean;
  goingOffline: boolean;
  offline: boolean;
  offlineTime: number | null;
  pendingReason: string | null;
  activeReason: string | null;
}

/**
 * Spec section 4: online when goingOffline is false, or true with offlineTime still ahead (then also
 * "going offline"); offline once offlineTime has passed.
 */
export function computeServerState(data: ServerStatusData, now: number): ServerState {
  if (!data.goingOffline) return 'online';
  if (data.offlineTime !== null && data.offlineTime > now) return 'goingOffline';
  return 'offline';
}

export function toServerStatus(data: ServerStatusData | undefined, now: number): ServerStatus {
  const state = data ? computeServerState(data, now) : 'online';
  return {
    state,
    online: state !== 'offline',
    goingOffline: state === 'goingOffline',
    offline: state === 'offline',
    offlineTime: data?.offlineTime ?? null,
    pendingReason: data?.pendingReason ?? null,
    activeReason: data?.activeReason ?? null,
  };
}

export const ONLINE: ServerStatus = toServerStatus(undefined, 0);

const optionalText = (v: unknown): v is string | null | undefined =>
  v === undefined || v === null || typeof v === 'string';

/** Validates the parsed file; throws on anything else (a failed poll). */
export function parseServerStatus(json: unknown): ServerStatusData {
  if (!json || typeof json !== 'object') throw new Error('server-status.json: not an object');
  const o = json as Record<string, unknown>;
  if (typeof o.goingOffline !== 'boolean')
    throw new Error('server-status.json: goingOffline must be a boolean');
  const offlineTime = o.offlineTime;
  if (!(
    offlineTime === undefined ||
    offlineTime === null ||
    (typeof offlineTime === 'number' && Number.isFinite(offlineTime))
  )) {
    throw new Error('server-status.json: offlineTime must be epoch milliseconds');
  }
  if (o.goingOffline && typeof offlineTime !== 'number') {
    throw new Error('server-status.json: offlineTime is required when goingOffline');
  }
  if (!optionalText(o.pendingReason) || !optionalText(o.activeReason)) {
    throw new Error('server-status.json: reasons must be text or null');
  }
  return {
    goingOffline: o.goingOffline,
    offlineTime: typeof offlineTime === 'number' ? offlineTime : null,
    pendingReason: o.pendingReason ?? null,
    activeReason: o.activeReason ?? null,
  };
}
