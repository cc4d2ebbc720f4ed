import { tendConfig } from '@tend/config/eslint';

export default tendConfig({ root: import.meta.dirname, react: true });
