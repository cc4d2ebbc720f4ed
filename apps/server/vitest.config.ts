import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // Generous: PGlite starts in seconds on an idle machine, but much slower on a busy 2-core one (a test of
    // PGlite's triggers took 79 s beside the browser tests).
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // expect.poll's default second is not enough for a mail or a job on the busy CI machine (a test waiting for
    // one failed there): polls wait up to 30 s, as long as they need and no longer.
    expect: { poll: { timeout: 30_000, interval: 50 } },
    // Each test file opens its own database; two at a time on a 2-core machine (three, tried beside the browser
    // tests, made the whole of npm test slower: the machine is then short of CPU, not of waiting work).
    maxWorkers: 2,
    // Test files share their worker's module cache (the app's modules and the contract load once per worker,
    // not once per file: about 100 s of the suite's import time). Each file still opens its own database and
    // app; the files set no module state of their own (no vi.mock, fake timers or stubbed globals).
    isolate: false,
    env: { NODE_ENV: 'test' },
  },
});
