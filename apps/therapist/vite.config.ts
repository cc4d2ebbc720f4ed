import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

const preset = tendViteConfig('therapist');

export default tendViteConfig('therapist', {
  plugins: [tendI18n({ app: 'therapist' })],
  build: {
    ...preset.build,
    rolldownOptions: {
      treeshake: {
        // Our workspace packages export TypeScript source with no import-time side effects (no bare imports
        // but CSS, which is not matched): an unused module of theirs is dropped, keeping the shell, the
        // sanitiser and the validators of @tend/ui out of the initial JavaScript when no first page uses them.
        moduleSideEffects: [{ test: /[\\/]packages[\\/](ui|api|i18n|config|auth)[\\/]src[\\/].*\.tsx?$/, sideEffects: false }],
      },
    },
  },
  // @ts-expect-error -- Vitest's `test` key (the preset's, plus the app's setup file)
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
