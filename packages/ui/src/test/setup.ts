import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';
import { installDomPolyfills } from './polyfills.ts';

/**
 * The jsdom suites' setup, called by each package's setup file. A function, not import side effects: without
 * per-file isolation, a package's setup file runs again before each test file, but a module it imports is
 * evaluated once per worker, so hooks registered at import would only reach the worker's first file.
 */
export function setupDomTests(): void {
  installDomPolyfills();
  // Lazy routes and Mantine transitions settle later on a busy 2-core machine than the default 1 s allows: in
  // `npm test` these suites run at nice 10 beside the browser tests, and a lazy page's first import once took
  // over 15 s. A guard against a hang (half the 180 s test limit), never a timing assertion: a passing wait ends
  // as soon as the element is there.
  configure({ asyncUtilTimeout: 90_000 });
  afterEach(() => cleanup());
  // Before each file: the notifications store is a module of its own, so one file's toasts would reach the next.
  notifications.clean();
  notifications.cleanQueue();
}
