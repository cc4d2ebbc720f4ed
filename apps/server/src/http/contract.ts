import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

/** The contract, packages/api/openapi.yaml (OpenAPI 3.1). */
export type OpenApiDocument = {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options';
  /** As written in the contract: /patients/{patientId}/moments */
  path: string;
  /** Fastify's form: /patients/:patientId/moments */
  url: string;
  tags: string[];
  summary: string;
  /** x-tend-scopes: `public` means anonymous callers are allowed. */
  scopes: string[];
  parameters: Parameter[];
  requestBody:
    | { required: boolean; content: Record<string, { schema?: Record<string, unknown> }>; pointer: string }
    | undefined;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  /** The lowest 2xx status of the contract (200 when none is written). */
  successStatus: number;
  /** The content type of that success response, when it has one. */
  successContentType: string | undefined;
  /** JSON pointer of the operation in the document (for schema references). */
  pointer: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function contractPath(): string {
  if (process.env.TEND_OPENAPI) return process.env.TEND_OPENAPI;
  return createRequire(import.meta.url).resolve('@tend/api/openapi.yaml');
}

let cached: OpenApiDocument | undefined;

/** Reads and parses the contract once per process. */
export function loadContract(path = contractPath()): OpenApiDocument {
  if (cached && path === contractPath()) return cached;
  const doc = parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string') {
    throw new Error(`${path} is not an OpenAPI document`);
  }
  if (path === contractPath()) cached = doc;
  return doc;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows local `$ref`s (#/components/...) until a non-reference object. */
export function deref<T = Record<string, unknown>>(doc: OpenApiDocument, value: unknown): T {
  let current = value as Record<string, unknown>;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
    let node: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (node === undefined) throw new Error(`unresolved reference ${ref}`);
    }
    current = node as Record<string, unknown>;
  }
  return current as T;
}

/** Every operation of the contract, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  const seen = new Set<string>();
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    const pathParams = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const operationId = op.operationId as string | undefined;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (seen.has(operationId)) throw new Error(`operationId ${operationId} is used twice`);
      seen.add(operationId);
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const params = new Map<string, Parameter>();
      for (const raw of [...pathParams, ...((op.parameters as unknown[] | undefined) ?? [])]) {
        const p = deref<Parameter & { schema?: Record<string, unknown> }>(doc, raw);
        params.set(`${p.in}:${p.name}`, {
          name: p.name,
          in: p.in,
          required: p.in === 'path' ? true : Boolean(p.required),
          schema: p.schema ?? {},
        });
      }
      const body = op.requestBody
        ? deref<{ required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> }>(
            doc,
            op.requestBody,
          )
        : undefined;
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries((op.responses as Record<string, unknown> | undefined) ?? {})) {
        responses[status] = deref(doc, r);
      }
      const success = Object.keys(responses)
        .filter((s) => /^2\d\d$/.test(s))
        .map(Number)
        .sort((a, b) => a - b)[0];
      const successContent = success ? responses[String(success)]?.content : undefined;
      const scopes = op['x-tend-scopes'] ?? item['x-tend-scopes'] ?? doc['x-tend-scopes'];
      operations.push({
        operationId,
        method,
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        tags: (op.tags as string[] | undefined) ?? [],
        summary: (op.summary as string | undefined) ?? '',
        scopes: Array.isArray(scopes) ? scopes.map(String) : typeof scopes === 'string' ? [scopes] : [],
        parameters: [...params.values()],
        requestBody: body
          ? {
              required: Boolean(body.required),
              content: body.content ?? {},
              pointer: `${pointer}/requestBody`,
            }
          : undefined,
        responses,
        successStatus: success ?? 200,
        successContentType: successContent ? Object.keys(successContent)[0] : undefined,
        pointer,
      });
    }
  }
  return operations;
}
