// @ts-check
// The one ESLint flat config of the workspace. Every package's eslint.config.js calls tendConfig().
//
// Import direction is one-way: app (src/app) -> feature (src/features/<name>) -> shared package (@tend/*).
// A feature never imports another feature, nor the app layer; packages never import apps, and
// packages/api never imports packages/auth (auth registers its token provider with api at start).
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

/** Zones for import/no-restricted-paths: each feature may not import its siblings or the app layer. */
export function featureZones(root) {
  const featuresDir = join(root, 'src', 'features');
  if (!existsSync(featuresDir)) return [];
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const zones = features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: share through a @tend/* package.',
  }));
  zones.push({
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app layer (app -> feature -> shared, one way).',
  });
  return zones;
}

/**
 * @param {{ root: string, react?: boolean, node?: boolean, ignores?: string[] }} options
 */
export function tendConfig({ root, react = false, node = false, ignores = [] }) {
  return tseslint.config(
    { ignores: ['dist/**', 'coverage/**', '.turbo/**', 'node_modules/**', 'src/generated/**', ...ignores] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        parserOptions: { tsconfigRootDir: root },
        globals: { ...(react ? globals.browser : {}), ...(node || !react ? globals.node : {}) },
      },
      plugins: { import: importPlugin },
      settings: {
        'import/resolver': { typescript: { project: join(root, 'tsconfig.json') }, node: true },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
        'import/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              ...featureZones(root),
              {
                target: '../../packages',
                from: '../../apps',
                message: 'Shared packages never import an app.',
              },
              {
                target: '../../packages/api',
                from: '../../packages/auth',
                message: 'packages/api never imports packages/auth: auth registers its token provider.',
              },
            ],
          },
        ],
        'import/no-cycle': ['error', { ignoreExternal: true }],
        'import/no-duplicates': 'error',
      },
    },
    ...(react
      ? [
          {
            files: ['**/*.tsx', '**/*.ts'],
            plugins: { 'react-hooks': reactHooks },
            rules: {
              'react-hooks/rules-of-hooks': 'error',
              'react-hooks/exhaustive-deps': 'error',
            },
          },
          {
            files: ['**/*.tsx'],
            ...jsxA11y.flatConfigs.strict,
          },
        ]
      : []),
    {
      // Features get their data through @tend/domain (queries and mutations over the generated hooks, with one
      // error vocabulary); the generated hooks and the fetcher are the domain layer's business. Types are fine.
      files: ['src/features/**/*.ts', 'src/features/**/*.tsx'],
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: ['@tend/api', '@tend/api/http', '@tend/api/msw'].map((name) => ({
              name,
              allowTypeImports: true,
              message:
                'Features call @tend/domain, never the generated hooks or the fetcher directly (types are fine).',
            })),
          },
        ],
      },
    },
    {
      // One concern a file: past 300 lines a source file is split by concern (tests, generated code and
      // migrations aside).
      files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
      ignores: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/*.spec.ts',
        '**/test/**',
        '**/e2e/**',
        '**/migrations/**',
      ],
      rules: { 'max-lines': ['error', { max: 300 }] },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/test/**', '**/*.config.ts', 'scripts/**'],
      rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
    },
  );
}
