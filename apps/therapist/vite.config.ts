import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

export default tendViteConfig('therapist', {
  plugins: [tendI18n({ app: 'therapist' })],
  // @ts-expect-error -- Vitest's `test` key (the preset's, plus the shared setup file)
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    css: false,
    testTimeout: 20_000,
  },
});
