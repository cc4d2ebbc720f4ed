import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { APP_PORTS, type AppName } from './ports.ts';

/**
 * The one Vite preset of the four apps: React, the app's fixed port for dev and preview (strict: a busy port
 * stops start-up), a build manifest (read by the bundle budgets), and Vitest in jsdom.
 */
export function tendViteConfig(app: AppName, overrides: UserConfig = {}): UserConfig {
  const port = APP_PORTS[app];
  const base: UserConfig & { test?: Record<string, unknown> } = {
    plugins: [react()],
    envPrefix: ['VITE_'],
    server: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    preview: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    build: {
      target: 'es2022',
      manifest: true,
      sourcemap: true,
      chunkSizeWarningLimit: 800,
    },
    test: {
      environment: 'jsdom',
      globals: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [],
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
      css: false,
    },
  };
  return defineConfig({ ...base, ...overrides, plugins: [...(base.plugins ?? []), ...(overrides.plugins ?? [])] });
}
