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
  // Lazy routes and Mantine transitions settle later on a busy 2-core machine than the default 1 s allows.
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => cleanup());
  // Before each file: the notifications store is a module of its own, so one file's toasts would reach the next.
  notifications.clean();
  notifications.cleanQueue();
}
