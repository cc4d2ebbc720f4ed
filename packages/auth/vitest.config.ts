import { defineConfig } from 'vitest/config';
import { jsdomTests } from '@tend/config/vitest';

export default defineConfig({
  test: jsdomTests({ include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'] }),
});
