/**
 * @tend/api: the generated TanStack Query hooks and models of openapi.yaml, and the one fetcher.
 * Zod schemas: `@tend/api/zod`. MSW handlers with faker data (tests only): `@tend/api/msw`.
 */
export * from './http.ts';
export * from './generated/hooks.ts';
export * from './generated/model/index.ts';
export {
  operations,
  type OperationInfo,
  type ResponseKind,
  type OperationHost,
} from './generated/operations.ts';
