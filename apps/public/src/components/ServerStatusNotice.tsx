import { getServerStatusService, ServerStatusBanner } from '@tend/ui';

/**
 * The server-status notice of the public site (its own chunk, loaded after the page: it stays out of the
 * initial bundle). The site has no sign-in page, so the end of a maintenance window sends nobody anywhere.
 */
export default function ServerStatusNotice() {
  return <ServerStatusBanner service={getServerStatusService({ redirectPath: null })} />;
}
