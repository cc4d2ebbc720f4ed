import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // Generous: PGlite starts in seconds on an idle machine, but much slower on a busy 2-core one.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each test file opens its own database; two at a time on a 2-core machine.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
