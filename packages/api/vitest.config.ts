import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Regenerating the client (orval) and linting the contract take a few seconds each on an idle machine; the
    // mocks' faker runs took 36 s beside the browser tests on the 2-core machine.
    testTimeout: 180_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
