/**
 * The translations' scanners (`@tend/i18n/scan`), for tests and scripts (Node only). Their parts in ./scan/:
 * keys.ts (literal keys found in source with the TypeScript parser, looked up in namespaces), sources.ts
 * (which files are read), missing.ts (the missing-key scanner of apps and packages), namespace.ts (a
 * package's own namespace checked both ways), parity.ts (translations against their English files), appKeys.ts
 * (the missing-key check an app's unit test runs on itself).
 */
export { packageNamespace } from './files.ts';
export {
  DEFAULT_KEY_FUNCTIONS,
  extractKeyUsages,
  hasKey,
  type KeyFunctions,
  type KeyUsage,
} from './scan/keys.ts';
export { listSourceFiles } from './scan/sources.ts';
export {
  findMissingKeys,
  formatMissingKeys,
  type FindMissingKeysOptions,
  type MissingKeysReport,
} from './scan/missing.ts';
export { expectAppKeysInEnglish } from './scan/appKeys.ts';
export { checkNamespace, type NamespaceReport } from './scan/namespace.ts';
export {
  checkTranslationParity,
  comparePartTranslations,
  compareTranslation,
  formatParity,
  listTranslationFiles,
  type ParityReport,
} from './scan/parity.ts';
