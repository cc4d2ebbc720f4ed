import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file opens its own database; two at a time on a 2-core machine.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
