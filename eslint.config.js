import { tendConfig } from './packages/config/eslint/index.js';

// The root's own code: scripts (start, test, budgets) and the shared end-to-end support.
export default [
  ...tendConfig({ root: import.meta.dirname, node: true, ignores: ['apps/**', 'packages/**', '.ci/**'] }),
];
