import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument, Operation } from './contract.ts';
import { HttpError, validationError } from './errors.ts';
import { toHttpError, type Part } from './validation-errors.ts';

// CommonJS interop: both modules export their main function as module.exports (and as .default).
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

const DOC_ID = 'tend-openapi.json';

/** Rewrites the contract's local references so they resolve against the document added to Ajv. */
function relink(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relink);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : relink(v);
    }
    return out;
  }
  return schema;
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * A request-body schema that refuses unknown fields: local references are inlined and every object schema
 * that lists `properties` without saying what else it allows gets `unevaluatedProperties: false`. For
 * allOf/anyOf/oneOf the rule goes on the composing schema (members stay open), so composition still works.
 */
export function closeObjects(
  schema: unknown,
  doc: OpenApiDocument,
  seen: string[] = [],
  member = false,
): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closeObjects(s, doc, seen));
  if (!schema || typeof schema !== 'object') return schema;
  let node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const ref = node.$ref;
    if (seen.includes(ref)) return relink(node);
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/'))
      target = (target as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    const { $ref: _ref, ...siblings } = node;
    node = { ...(target as Record<string, unknown>), ...siblings };
    seen = [...seen, ref];
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjects(v, doc, seen)]));
    } else if ((COMPOSITIONS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => closeObjects(v, doc, seen, true));
    } else if (
      ['items', 'prefixItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'].includes(key)
    ) {
      out[key] = closeObjects(value, doc, seen);
    } else {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOC_ID}${value}` : value;
    }
  }
  const open = 'additionalProperties' in out || 'unevaluatedProperties' in out || 'patternProperties' in out;
  const composedObjects = COMPOSITIONS.some(
    (k) =>
      Array.isArray(out[k]) &&
      (out[k] as Array<Record<string, unknown>>).some((m) => m && typeof m === 'object' && 'properties' in m),
  );
  if (!member && !open && ('properties' in out || composedObjects)) out.unevaluatedProperties = false;
  return out;
}

function makeAjv(doc: OpenApiDocument, coerce: boolean) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    validateFormats: true,
    // The contract is linted on its own (redocly); checking the whole document against the meta-schema
    // at every start costs a second.
    validateSchema: false,
  });
  addFormats(ajv);
  // strict: false lets OpenAPI's own keywords (example, xml, externalDocs, x-…) pass as annotations.
  ajv.addSchema(relink(doc) as object, DOC_ID);
  return ajv;
}

export interface OperationValidator {
  /** Validates and coerces in place; throws a 400 HttpError naming the failing field. */
  params(value: Record<string, unknown>): void;
  query(value: Record<string, unknown>): void;
  headers(value: Record<string, unknown>): void;
  body(value: unknown, contentType: string | undefined): void;
}

const byDocument = new WeakMap<OpenApiDocument, ContractValidator>();

/**
 * The validator of a contract document, one per document and process: every app built over the same contract
 * (the tests build hundreds; production one) and the tests' own checks share what it has compiled so far.
 */
export function contractValidator(doc: OpenApiDocument): ContractValidator {
  let validator = byDocument.get(doc);
  if (!validator) {
    validator = new ContractValidator(doc);
    byDocument.set(doc, validator);
  }
  return validator;
}

/** Builds the request validators of every operation from the contract's own schemas. */
export class ContractValidator {
  readonly #coercing: InstanceType<typeof Ajv2020>;
  readonly #strict: InstanceType<typeof Ajv2020>;
  /** Compiled test-side validators (responses, components), by what they validate. */
  readonly #compiled = new Map<string, ValidateFunction | undefined>();
  /** The request validators made so far, by operation (their schemas compile on first use). */
  readonly #operations = new Map<string, OperationValidator>();

  constructor(private readonly doc: OpenApiDocument) {
    this.#coercing = makeAjv(doc, true);
    this.#strict = makeAjv(doc, false);
  }

  /** A response-body validator (tests check answers against the contract with it). */
  responseValidator(
    op: Operation,
    status: number,
    contentType = 'application/json',
  ): ValidateFunction | undefined {
    const key = `${op.pointer} ${status} ${contentType}`;
    if (this.#compiled.has(key)) return this.#compiled.get(key);
    const response =
      op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    const schema = response?.content?.[contentType]?.schema;
    // Compiled once per operation, status and type: Ajv's own cache is keyed by the schema object, and
    // relink makes a new one each time (compiling again was a third of the role matrix's CPU time).
    const validate = schema ? this.#strict.compile(relink(schema) as object) : undefined;
    this.#compiled.set(key, validate);
    return validate;
  }

  /** A validator of one schema of the contract's components (tests check stored data with it). */
  componentValidator(name: string): ValidateFunction {
    const key = `#/components/schemas/${name}`;
    const known = this.#compiled.get(key);
    if (known) return known;
    const validate =
      this.#strict.getSchema(`${DOC_ID}${key}`) ?? this.#strict.compile({ $ref: `${DOC_ID}${key}` });
    this.#compiled.set(key, validate);
    return validate;
  }

  forOperation(op: Operation): OperationValidator {
    let made = this.#operations.get(op.pointer);
    if (!made) {
      made = this.#makeForOperation(op);
      this.#operations.set(op.pointer, made);
    }
    return made;
  }

  #makeForOperation(op: Operation): OperationValidator {
    const partValidator = (part: Part) => {
      const params = op.parameters.filter((p) => p.in === part);
      const name = (n: string) => (part === 'header' ? n.toLowerCase() : n);
      const schema = {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [name(p.name), relink(p.schema)])),
        // A missing ETag header is the handler's 412 `etag_required` (the contract's rule), not a 400.
        required: params
          .filter((p) => p.required && !(part === 'header' && p.name.toLowerCase() === 'etag'))
          .map((p) => name(p.name)),
      };
      // Compiled on first use: compiling all ~200 operations up front would slow the start down.
      let validate: ValidateFunction | undefined;
      return (value: Record<string, unknown>) => {
        if (params.length === 0) return;
        validate ??= this.#coercing.compile(schema);
        // Repeated query parameters arrive as arrays; a single value for a scalar parameter is unwrapped.
        if (!validate(value)) throw toHttpError(validate.errors ?? [], part);
      };
    };
    const bodySchemas = new Map<string, Record<string, unknown>>();
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      if (media.schema) bodySchemas.set(type, media.schema);
    const compiled = new Map<string, ValidateFunction>();
    const bodyValidator = (type: string | undefined): ValidateFunction | undefined => {
      if (type === undefined || !bodySchemas.has(type)) return undefined;
      let validate = compiled.get(type);
      if (!validate) {
        validate = this.#strict.compile(closeObjects(bodySchemas.get(type), this.doc) as object);
        compiled.set(type, validate);
      }
      return validate;
    };
    const bodyRequired = op.requestBody?.required ?? false;
    return {
      params: partValidator('path'),
      query: partValidator('query'),
      headers: partValidator('header'),
      body: (value, contentType) => {
        const empty = value === undefined || value === null || value === '';
        if (!op.requestBody) return;
        if (empty) {
          if (bodyRequired) {
            throw validationError('A request body is required.', {
              fields: { body: 'is required' },
              field: 'body',
              in: 'body',
            });
          }
          return;
        }
        const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
        const validate =
          bodyValidator(type) ??
          (type.endsWith('+json') ? bodyValidator('application/json') : undefined) ??
          (bodySchemas.size === 1 && type === '' ? bodyValidator([...bodySchemas.keys()][0]) : undefined);
        if (!validate) {
          if (bodySchemas.size === 0 || Object.keys(op.requestBody.content).includes(type)) return;
          throw new HttpError(
            415,
            'unsupported_media_type',
            `Send the body as ${Object.keys(op.requestBody.content).join(' or ')}.`,
            {
              field: 'content-type',
              in: 'header',
            },
          );
        }
        if (!validate(value)) throw toHttpError(validate.errors ?? [], 'body');
      },
    };
  }
}
