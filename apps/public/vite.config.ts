import type { Plugin } from 'vite';
import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

/**
 * The workspace packages export TypeScript source without a package.json `sideEffects` flag, so the bundler
 * would keep every module an index re-exports (the whole AppShell, every generated hook) in the entry. Their
 * source modules have no import-time side effects (CSS imports still count as side effects and are kept), so
 * tell Rolldown it may drop the unused ones: this keeps the public app's initial JS within its budget.
 */
function pureWorkspaceSources(): Plugin {
  return {
    name: 'tend-public:pure-workspace-sources',
    config: () => ({
      build: {
        rolldownOptions: {
          treeshake: {
            // The generated zod schemas (@tend/api/zod) are built at import time; the forms take only their
            // limits and formats (constants beside them), so building the schemas is pure and may be dropped.
            manualPureFunctions: ['zod'],
            moduleSideEffects: [{ test: /[\\/]packages[\\/](ui|api|i18n|config|domain)[\\/]src[\\/].*\.tsx?$/, sideEffects: false }],
          },
        },
      },
    }),
  };
}

export default tendViteConfig('public', {
  plugins: [tendI18n({ app: 'public' }), pureWorkspaceSources()],
  // The preset's test block, plus the setup (jest-dom, the MSW server failing on unhandled requests).
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    css: false,
    // Typing into Mantine inputs with user-event is slow in jsdom on a shared 2-core machine.
    testTimeout: 30_000,
  },
} as Parameters<typeof tendViteConfig>[1]);
