import { tendViteConfig } from '@tend/config/vite';
import { tendI18n } from '@tend/i18n/vite';

export default tendViteConfig('public', { plugins: [tendI18n({ app: 'public' })] });
