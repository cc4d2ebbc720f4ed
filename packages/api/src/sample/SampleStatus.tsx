import { useId } from 'react';
import { useGetServerStatus } from '../generated/status/status.ts';
import type { ServerStatus } from '../generated/model/index.ts';
import { isApiError } from '../http.ts';

/** The service state of section 4 of the spec, from a ServerStatus. */
export function serviceState(status: ServerStatus, now: number): 'online' | 'going-offline' | 'offline' {
  if (!status.goingOffline) return 'online';
  return status.offlineTime !== null && status.offlineTime > now ? 'going-offline' : 'offline';
}

const LABELS = {
  online: 'The service is online.',
  'going-offline': 'The service is going offline for maintenance soon.',
  offline: 'The service is offline for maintenance.',
} as const;

/**
 * A sample screen on the generated hooks (kept in the typecheck and tested with the generated MSW
 * handlers): it shows how a feature reads a contract call, its loading state and its ApiError.
 */
export function SampleStatus({ now = Date.now() }: { now?: number }) {
  const headingId = useId();
  const status = useGetServerStatus({ query: { staleTime: 60_000 } });

  if (status.isPending) return <p role="status">Checking the service…</p>;
  if (status.isError) {
    const detail = isApiError(status.error) && status.error.status > 0 ? ` (${status.error.code})` : '';
    return <p role="alert">{`Something bad happened; please try again later.${detail}`}</p>;
  }
  const state = serviceState(status.data, now);
  const reason = state === 'offline' ? status.data.activeReason : status.data.pendingReason;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Service status</h2>
      <p data-state={state}>{LABELS[state]}</p>
      {state !== 'online' && status.data.offlineTime !== null ? (
        <p>
          From <time dateTime={new Date(status.data.offlineTime).toISOString()}>{new Date(status.data.offlineTime).toUTCString()}</time>
        </p>
      ) : null}
      {state !== 'online' && reason ? <p>{reason}</p> : null}
    </section>
  );
}
