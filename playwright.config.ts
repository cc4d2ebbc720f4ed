import { defineConfig, devices } from '@playwright/test';
import { testChromiumPath } from './scripts/lib/chromium.ts';
import { APP_NAMES, APP_PORTS, type AppName } from './packages/config/src/ports.ts';

/**
 * End-to-end tests of the four apps against the product as `npm start` runs it (scripts/test.ts starts it on a
 * fresh database before calling Playwright). Chromium is Debian's (CHROMIUM_PATH, else its headless shell when
 * installed, else /usr/bin/chromium: scripts/lib/chromium.ts): Playwright cannot download its own browsers here.
 */
const executablePath = testChromiumPath() ?? '/usr/bin/chromium';
/**
 * TEND_E2E_DEPLOYED: the deployed stage (two server instances over PostgreSQL behind HAProxy): only the specs of
 * e2e/deployed/, which the normal run never runs.
 */
const deployed = Boolean(process.env.TEND_E2E_DEPLOYED);
/** The specs of the four apps together (e2e/*.spec.ts: how they are served, the CSP), by absolute path. */
const ROOT_SPECS = new RegExp(
  `^${import.meta.dirname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/e2e/[^/]+\\.spec\\.ts$`,
);

/** Desktop Chrome (Debian's Chromium) on an app's local origin. */
function browserFor(app: AppName) {
  return {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${APP_PORTS[app]}`,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  };
}

/** The normal run's projects: each app's specs, the serving specs, then the maintenance specs alone. */
const normalProjects = [
  ...APP_NAMES.map((app) => ({
    name: app,
    testMatch: new RegExp(`apps/${app}/e2e/.*\\.spec\\.ts$`),
    use: browserFor(app),
  })),
  { name: 'serving', testMatch: ROOT_SPECS, use: browserFor('public') },
  {
    // Specs that change what every page of every app shows (announced maintenance): they run alone, after
    // all the others, and restore what they changed (e2e/maintenance/). Skipped when an earlier spec failed.
    name: 'maintenance',
    testMatch: /e2e\/maintenance\/.*\.spec\.ts$/,
    dependencies: [...APP_NAMES],
    use: browserFor('public'),
  },
];

export default defineConfig({
  testDir: '.',
  testMatch: [/apps\/[^/]+\/e2e\/.*\.spec\.ts$/, ROOT_SPECS],
  fullyParallel: false,
  // Three: the browser tests wait much of their time (the server, timers, the second factor's clock) and use
  // well under the two cores with two workers; a third fills that time (the unit stage takes what is left).
  workers: deployed ? 1 : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json']],
  // The deployed stage runs after the others: its own folder keeps their screenshots and traces.
  outputDir: deployed ? 'test-results/playwright-deployed' : 'test-results/playwright',
  use: {
    // A trace costs every test its recording; on CI (one retry) only the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // The patient app's service worker precaches the whole app (over 200 files) in every new browser context:
    // a large part of the browser's work in a patient spec. It is blocked except in the specs about working
    // offline, which allow it with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
  projects: deployed
    ? [
        {
          // The deployed stage (scripts/test.ts --only-deployed): the journeys of e2e/deployed/ through HAProxy in
          // front of two server instances, one of which the spec stops. Alone, one at a time and never retried:
          // a stopped instance stays stopped.
          name: 'deployed',
          testMatch: /e2e\/deployed\/.*\.spec\.ts$/,
          retries: 0,
          use: { ...browserFor('patient'), trace: 'retain-on-failure' as const },
        },
      ]
    : normalProjects,
});
