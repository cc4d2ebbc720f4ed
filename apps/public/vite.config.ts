import { tendViteConfig } from '@tend/config/vite';

export default tendViteConfig('public');
