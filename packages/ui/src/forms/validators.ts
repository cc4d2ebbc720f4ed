import { tk, useTranslation, type TFunction } from '@tend/i18n';
import { useMemo } from 'react';

/** A rule as @mantine/form's `validate` takes it: an error message, or null when valid. */
export type Rule<Value = unknown, Values = unknown> = (
  value: Value,
  values: Values,
  path: string,
) => string | null;

export type ElementType = 'string' | 'number' | 'boolean' | 'object';

export interface ArrayRuleOptions {
  /** At least this many elements ('is less than N'). */
  min?: number;
  /** At most this many elements ('is greater than N'). */
  max?: number;
  /** No element twice ('does not contain unique elements'); objects compare by JSON. */
  unique?: boolean;
  /** Every element of this type ('does not fully contain type T'). */
  type?: ElementType;
}

// One @ in the middle, no spaces, a dot in the domain: the check people expect; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Blank as the messages' origin means it: nothing, empty or spaces only, an empty list, or false (an unticked box). */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The value at a dotted path ('a.b.0.c') of the form data. */
export function getAtPath(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A number to compare: numbers, Dates, numeric text and date text; undefined when not comparable. */
export function toComparable(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
    const d = Date.parse(value);
    return Number.isNaN(d) ? undefined : d;
  }
  return undefined;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The form rules with the spec's messages (section 5), translated with `t`. Blank values pass every rule
 * but `required`: combine with `compose(required(), …)`.
 */
export function createValidators(t: TFunction) {
  const required = (): Rule => (value) => (isBlank(value) ? t('validation.required') : null);

  const email = (): Rule => (value) =>
    isBlank(value) || EMAIL.test(String(value).trim()) ? null : t('validation.email');

  const array =
    (options: ArrayRuleOptions = {}): Rule =>
    (value) => {
      if (value === undefined || value === null) return t('validation.doesNotExist');
      if (!Array.isArray(value)) return t('validation.notAnArray');
      if (options.type && !value.every((item) => typeOf(item) === options.type)) {
        return t('validation.wrongType', { type: options.type });
      }
      if (options.unique) {
        const seen = new Set(value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : item)));
        if (seen.size !== value.length) return t('validation.notUnique');
      }
      if (options.min !== undefined && value.length < options.min)
        return t('validation.tooFew', { min: options.min });
      if (options.max !== undefined && value.length > options.max)
        return t('validation.tooMany', { max: options.max });
      return null;
    };

  /**
   * The value compared with the field at `path` (numbers, dates or their text): valid when `holds`, otherwise the
   * message `key`. Either side missing or not comparable is left to the other rules.
   */
  const comparedWith =
    (
      path: string,
      holds: (a: number, b: number) => boolean,
      key: 'validation.lessThanField' | 'validation.greaterThanField',
    ): Rule =>
    (value, values) => {
      const a = toComparable(value);
      const b = toComparable(getAtPath(values, path));
      if (a === undefined || b === undefined) return null;
      return holds(a, b) ? null : t(key, { path });
    };

  /** The value must be strictly greater than the field at `path`; otherwise 'is less than {path}'. */
  const greaterThan = (path: string): Rule =>
    comparedWith(path, (a, b) => a > b, tk('validation.lessThanField'));

  /** The value must be strictly less than the field at `path`; otherwise 'is greater than {path}'. */
  const lessThan = (path: string): Rule =>
    comparedWith(path, (a, b) => a < b, tk('validation.greaterThanField'));

  /** The first failing rule's message. */
  const compose =
    (...rules: Rule[]): Rule =>
    (value, values, path) => {
      for (const rule of rules) {
        const error = rule(value, values, path);
        if (error) return error;
      }
      return null;
    };

  return { required, email, array, greaterThan, lessThan, compose };
}

export type Validators = ReturnType<typeof createValidators>;

/** The validators in the current language, for `useForm({ validate })`. */
export function useValidators(): Validators {
  const { t } = useTranslation();
  return useMemo(() => createValidators(t), [t]);
}
