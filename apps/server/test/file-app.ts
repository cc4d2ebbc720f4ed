// One app for a whole test file, made before its tests and closed after them, so each file does not spell the
// set-up out again (the care and admin-area fixtures build on it: patients/care-test-app.ts,
// organisations/test-support.ts).
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './helpers.ts';
import { operate } from './operate.ts';

/**
 * The app that `create` makes, for the test file that calls this at its top. The object is filled in by
 * beforeAll, so the file hands it to operate or caller at once (they read `t.app` only when they call).
 */
export function useTestApp(create: () => Promise<TestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await create());
  });
  // When create failed there is nothing to close (its own error is the one to read).
  afterAll(() => t.close?.());
  return t;
}

/** useTestApp with its operate(t): `op` calls an operation of the contract by id as a test user. */
export function fileTestApp(create: () => Promise<TestApp>) {
  const t = useTestApp(create);
  return { t, op: operate(t) };
}
