import type { ErrorObject } from 'ajv';
import { type HttpError, validationError } from './errors.ts';

/** Turning Ajv's errors into the contract's Error (400, `details.field` naming the failing field). */

/** Where a request's value was read from. */
export type Part = 'path' | 'query' | 'header';

const PART_NAMES: Record<Part | 'body', string> = {
  path: 'path parameter',
  query: 'query parameter',
  header: 'header',
  body: 'body',
};

/**
 * The error to report: Ajv's first, except after a failed `oneOf` (a moment's body by its eventType), where
 * every branch left its errors and the first is usually the first branch's "eventType must be checkup": the
 * error that reached deepest into the value is the branch the value meant (its own eventType), so its field
 * and rule are the ones a person can act on.
 */
function firstError(errors: ErrorObject[]): ErrorObject | undefined {
  if (!errors.some((e) => e.keyword === 'oneOf')) return errors[0];
  const depth = (e: ErrorObject) => e.instancePath.split('/').length + (e.keyword === 'required' ? 1 : 0);
  return errors.reduce<ErrorObject | undefined>(
    (best, e) => (e.keyword !== 'oneOf' && (!best || depth(e) > depth(best)) ? e : best),
    undefined,
  );
}

/** Turns Ajv's first error into the contract's Error: details.field names the failing field. */
export function toHttpError(errors: ErrorObject[], part: Part | 'body'): HttpError {
  const e = firstError(errors);
  if (!e) return validationError(`Invalid ${PART_NAMES[part]}.`, { in: part, fields: {} });
  const segments = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let reason = e.message ?? 'is invalid';
  if (e.keyword === 'required')
    segments.push(String((e.params as { missingProperty: string }).missingProperty));
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const extra =
      (e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
      (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    if (extra) segments.push(extra);
    reason = 'is not an allowed field';
  }
  if (e.keyword === 'required') reason = 'is required';
  if (e.keyword === 'enum') {
    reason = `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String).join(', ')}`;
  }
  const field = segments.join('.') || (part === 'body' ? 'body' : '');
  const where =
    part === 'body'
      ? field === 'body'
        ? 'The body'
        : `Field '${field}'`
      : `The ${PART_NAMES[part]} '${field}'`;
  return validationError(`${where} ${reason}.`, {
    fields: { [field]: reason },
    field,
    in: part,
    rule: e.keyword,
  });
}
