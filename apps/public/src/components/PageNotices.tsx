import { lazy, Suspense } from 'react';
import { getServerStatusService, ServerStatusBanner } from '@tend/ui';
import { useAfterFirstPaint } from './afterFirstPaint.ts';

const MessageAlertBanner = lazy(() => import('./MessageAlertBanner.tsx'));

/**
 * The notices above every public page, one lazy chunk loaded after the page (out of the initial bundle, and
 * so is the list of what the banner below needs): the server-status notice (the site has no sign-in page,
 * so the end of a maintenance window sends nobody anywhere), then the current message alerts, whose chunk
 * (TanStack Query, the domain layer) is loaded only once the page has been painted.
 */
export default function PageNotices() {
  const painted = useAfterFirstPaint();
  return (
    <>
      <ServerStatusBanner service={getServerStatusService({ redirectPath: null })} pollFailure="inline" />
      {painted ? (
        <Suspense fallback={null}>
          <MessageAlertBanner />
        </Suspense>
      ) : null}
    </>
  );
}
