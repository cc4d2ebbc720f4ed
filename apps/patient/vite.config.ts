import { tendPrerender } from '@tend/config/prerender';
import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default tendViteConfig('patient', {
  plugins: [
    tendI18n({ app: 'patient' }),
    tendPrerender('patient'),
    // The offline app shell: a Workbox service worker (generateSW) served from the app's origin as /sw.js,
    // registered by the app's own script (src/features/offline; no inline script, CSP-friendly). It precaches
    // the shell, every chunk (the crisis panel is in the entry), and the translations (/assets/i18n/en.json,
    // asked for with ?v=<hash>, hence `v` ignored when matching). A new version waits until the person
    // reloads (no skipWaiting, no clientsClaim): an open tab keeps the version it started with.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,json,woff2}'],
        globIgnores: ['**/.vite/**'],
        navigateFallback: '/index.html',
        ignoreURLParametersMatching: [/^v$/, /^utm_/, /^fbclid$/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // One file: the worker runs under the page's CSP, where Trusted Types refuse importScripts of a plain
        // URL (Workbox's runtime as a second file was never loaded: nothing precached, nothing worked offline).
        inlineWorkboxRuntime: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  // The shared setup (jest-dom, Mantine's DOM polyfills) plus jsdom's missing window.scrollTo.
  test: { setupFiles: ['./src/test/setup.ts'] },
});
