import { tendConfig } from './eslint/index.js';
export default tendConfig({ root: import.meta.dirname, node: true });
