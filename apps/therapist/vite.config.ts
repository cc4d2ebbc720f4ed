import { tendPrerender } from '@tend/config/prerender';
import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

export default tendViteConfig('therapist', {
  plugins: [tendI18n({ app: 'therapist' }), tendPrerender('therapist')],
  // The shared setup (jest-dom, Mantine's DOM polyfills) plus jsdom's missing window.scrollTo.
  test: { setupFiles: ['./src/test/setup.ts'] },
});
