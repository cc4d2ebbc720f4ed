import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  getGetStatusFileMockHandler,
  getListMessageAlertsForPublicMockHandler,
  getReportErrorMockHandler,
} from '@tend/api/msw';
import { installDomPolyfills } from '@tend/ui/test-utils';
import { queryClient } from '../app/QueryLayout.tsx';
import { server } from './server.ts';

installDomPolyfills();
// Lazy routes import their chunks on first use; on a busy machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });
// jsdom lacks these; Mantine's autosize Textarea listens to document.fonts, React Router's ScrollRestoration scrolls.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}
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
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
