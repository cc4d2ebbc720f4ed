import { tendPrerender } from '@tend/config/prerender';
import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

export default tendViteConfig('public', {
  plugins: [tendI18n({ app: 'public' }), tendPrerender('public')],
  // The preset's test block, plus the setup (jest-dom, the MSW server failing on unhandled requests).
  test: {
    setupFiles: ['src/test/setup.ts'],
  },
} as Parameters<typeof tendViteConfig>[1]);
