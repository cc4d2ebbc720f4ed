/**
 * The Vitest options of the workspace's jsdom suites (the apps' through tendViteConfig, the React packages'
 * through `vitest.config.ts`: `export default defineConfig({ test: jsdomTests() })`, run with
 * `vitest run --configLoader runner` so this TypeScript source loads). Kept loose (no vitest types here).
 */
export function jsdomTests(
  options: { include?: string[]; setupFiles?: string[] } = {},
): Record<string, unknown> {
  return {
    environment: 'jsdom',
    globals: false,
    include: options.include ?? ['src/**/*.test.{ts,tsx}'],
    setupFiles: options.setupFiles ?? ['./src/test/setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    css: false,
    // One jsdom and one module graph per worker, not per file: importing React, Mantine and the generated
    // client again for every file was most of these suites' time. Each package's setup file (run before every
    // file) registers the cleanup and resets what a file may leave behind (see @tend/ui/test-setup).
    isolate: false,
    // jsdom suites on a busy 2-core CI machine: generous limits, no timing assertions. The unit stage runs at
    // nice 10 beside the browser tests, which take the cores first: a page test that types a whole form then
    // waits for CPU, and 30 s timed out in a run where nothing was wrong (the limit only guards against a hang;
    // one page test took 53 s in a fresh-clone run, a tenth of its idle speed; later one that takes 5.5 s idle
    // passed 180 s in CI, a thirtieth, while the browser tests held both cores). Ten minutes: the whole stage is
    // bound by CPU, so a long limit costs nothing unless something really hangs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  };
}
