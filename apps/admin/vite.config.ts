import { tendPrerender } from '@tend/config/prerender';
import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

export default tendViteConfig('admin', {
  plugins: [tendI18n({ app: 'admin' }), tendPrerender('admin')],
  // The shared setup (jest-dom, Mantine's DOM polyfills) plus jsdom's missing window.scrollTo.
  test: { setupFiles: ['./src/test/setup.ts'] },
});
