import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  getGetStatusFileMockHandler,
  getListMessageAlertsForPublicMockHandler,
  getReportErrorMockHandler,
} from '@tend/api/msw';
import { setupDomTests } from '@tend/ui/test-setup';
import { queryClient } from '../app/QueryLayout.tsx';
import { server } from './server.ts';

setupDomTests();
// jsdom has no scrolling; React Router's ScrollRestoration scrolls.
window.scrollTo = () => undefined;
// Run before each test file, and the modules live on from file to file (no per-file isolation): the site's one
// query client must not answer a file from what an earlier file read.
queryClient.clear();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // The api package reports unexpected (5xx, network) failures itself: accept those reports. Every page polls
  // the status file (no maintenance announced) and, after its first paint, reads the message alerts (none).
  server.use(
    getReportErrorMockHandler(),
    getGetStatusFileMockHandler({
      goingOffline: false,
      offlineTime: null,
      pendingReason: null,
      activeReason: null,
    }),
    getListMessageAlertsForPublicMockHandler({ items: [] }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
