import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { APP_PORTS, type AppName } from './ports.ts';
import { jsdomTests } from './vitest.ts';

/** Vitest's options (the `test` key of a Vite config), kept loose so this package needs no vitest types. */
export type TestOptions = Record<string, unknown>;
export type TendViteOverrides = UserConfig & { test?: TestOptions };

/**
 * Our workspace packages export TypeScript source with no import-time side effects (CSS imports are not
 * matched and stay), so the bundler may drop any of their modules an app does not use: this keeps shells,
 * sanitisers and generated hooks a first page does not need out of the initial JavaScript.
 */
export const PURE_WORKSPACE_SOURCES = /[\\/]packages[\\/](ui|api|i18n|config|auth|domain|portal)[\\/]src[\\/].*\.tsx?$/;

/**
 * The one Vite preset of the four apps: React, the app's fixed port for dev and preview (strict: a busy port
 * stops start-up), a build manifest (read by the bundle budgets), tree-shaking of the workspace packages'
 * sources, and Vitest in jsdom. `overrides` are merged over it: plugins are appended, and the `build`, `test`,
 * `server` and `preview` objects are merged key by key.
 */
export function tendViteConfig(app: AppName, overrides: TendViteOverrides = {}): UserConfig {
  const port = APP_PORTS[app];
  const base: TendViteOverrides = {
    plugins: [react()],
    envPrefix: ['VITE_'],
    server: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    preview: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    build: {
      target: 'es2022',
      manifest: true,
      sourcemap: true,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: [{ test: PURE_WORKSPACE_SOURCES, sideEffects: false }],
          // The generated zod schemas (@tend/api/zod) are built at import time; forms take only the limits and
          // formats beside them, so building an unused schema is pure and may be dropped.
          manualPureFunctions: ['zod'],
        },
      },
    },
    test: jsdomTests({ setupFiles: [] }),
  };
  return defineConfig({
    ...base,
    ...overrides,
    plugins: [...(base.plugins ?? []), ...(overrides.plugins ?? [])],
    server: { ...base.server, ...overrides.server },
    preview: { ...base.preview, ...overrides.preview },
    build: { ...base.build, ...overrides.build },
    test: { ...base.test, ...overrides.test },
  } as UserConfig);
}
