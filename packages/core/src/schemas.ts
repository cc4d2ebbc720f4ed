import type { ZodType } from 'zod';

interface Def {
  type?: string;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  shape?: Record<string, ZodType>;
  values?: unknown[];
}

const defOf = (schema: ZodType | undefined): Def =>
  ((schema as unknown as { def?: Def } | undefined)?.def ?? {}) as Def;

function shapeOf(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  const def = defOf(schema);
  if (def.shape) return def.shape;
  if (def.type === 'intersection') return { ...shapeOf(def.left), ...shapeOf(def.right) };
  return undefined;
}

function literalValues(schema: ZodType | undefined): unknown[] {
  const def = defOf(schema);
  return def.type === 'literal' || def.type === 'enum'
    ? (def.values ?? Object.values((def as { entries?: object }).entries ?? {}))
    : [];
}

/**
 * One variant of a generated union schema, by its discriminator: the contract's `Moment` is a union of
 * `MomentBase & {eventType: 'checkup', body: CheckupBody}`, …, and Orval's zod for `addMomentBody` keeps that
 * shape. `variantSchema(addMomentBody, 'eventType', 'checkup', 'body')` answers the CheckupBody schema, so a
 * form's limits and formats come from the contract (`schemaResolver(…)` of @mantine/form).
 */
export function variantSchema(union: ZodType, discriminator: string, value: string, field?: string): ZodType {
  const options = defOf(union).options ?? [union];
  for (const option of options) {
    const shape = shapeOf(option);
    const tag = shape?.[discriminator];
    // an intersection's right side names the literal; the base's enum lists every value
    const rightShape = shapeOf(defOf(option).right);
    const literal = literalValues(rightShape?.[discriminator] ?? tag);
    if (literal.length === 1 && literal[0] === value) {
      const found = field ? (rightShape?.[field] ?? shape?.[field]) : option;
      if (found) return found;
    }
  }
  throw new Error(`No variant ${discriminator}=${value}${field ? ` with ${field}` : ''} in the schema`);
}
