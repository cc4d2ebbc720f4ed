/**
 * Comparing three versions of a form's values field by field: what the person loaded (base), what they have
 * now (mine) and what the server stores now (stored, from a 412). Plain objects are walked; arrays and other
 * values are compared whole.
 */

export interface FieldVersion {
  /** Dotted path of the field in the form's values (`settings.maxRedemptions`). */
  path: string;
  base: unknown;
  mine: unknown;
  stored: unknown;
  /** The person changed it. */
  changedByMe: boolean;
  /** Someone else changed it (the stored value differs from what was loaded). */
  changedByThem: boolean;
  /** Both changed it, to different values. */
  conflict: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Deep equality of JSON-like values (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === undefined || a === null || a === '') && (b === undefined || b === null || b === '')) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

function leafPaths(values: unknown[], prefix = ''): string[] {
  const objects = values.filter(isPlainObject);
  if (objects.length === 0 || objects.length !== values.filter((v) => v !== undefined).length)
    return prefix ? [prefix] : [];
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
  return keys.flatMap((k) =>
    leafPaths(
      values.map((v) => (isPlainObject(v) ? v[k] : undefined)),
      prefix ? `${prefix}.${k}` : k,
    ),
  );
}

export function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (isPlainObject(node) ? node[part] : undefined), values);
}

function setAt(values: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!head) return values;
  if (rest.length === 0) return { ...values, [head]: value };
  const child = isPlainObject(values[head]) ? (values[head] as Record<string, unknown>) : {};
  return { ...values, [head]: setAt(child, rest.join('.'), value) };
}

/** Every field of the three versions, with who changed what. */
export function compareVersions(base: unknown, mine: unknown, stored: unknown): FieldVersion[] {
  return leafPaths([base, mine, stored]).map((path) => {
    const b = valueAt(base, path);
    const m = valueAt(mine, path);
    const s = valueAt(stored, path);
    const changedByMe = !sameValue(m, b);
    const changedByThem = !sameValue(s, b);
    return {
      path,
      base: b,
      mine: m,
      stored: s,
      changedByMe,
      changedByThem,
      conflict: changedByMe && changedByThem && !sameValue(m, s),
    };
  });
}

/**
 * The person's edits re-applied onto the stored version: every field they changed keeps their value, every
 * other field takes the stored one (so someone else's change to another field is not undone).
 */
export function reapply<T>(base: T, mine: T, stored: T): T {
  let merged = structuredClone(stored) as unknown as Record<string, unknown>;
  for (const field of compareVersions(base, mine, stored)) {
    if (field.changedByMe) merged = setAt(merged, field.path, structuredClone(field.mine));
  }
  return merged as unknown as T;
}
