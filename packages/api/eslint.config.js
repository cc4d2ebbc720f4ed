import { tendConfig } from '@tend/config/eslint';

export default tendConfig({
  root: import.meta.dirname,
  react: true,
  // Scratch copies of the generated client while it is regenerated.
  ignores: ['src/.generated-next*/**', '.regen-*/**'],
});
