import { schemaResolver, type FormErrors } from '@mantine/form';
import { getI18n, type TFunction } from '@tend/i18n';
import { config, type $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue & {
  origin?: string;
  minimum?: number | bigint | Date;
  maximum?: number | bigint | Date;
  format?: string;
  expected?: string;
};

const count = (value: unknown): number => Number(value instanceof Date ? value.getTime() : value);

/**
 * A zod issue in words for a person, translated with `t` (the common namespace's `validation` keys). Zod's own
 * messages ("Too small: expected string to have >=1 characters", "Invalid URL") never reach the screen.
 */
export function formIssueMessage(issue: Issue, t: TFunction): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null || input === '') return t('validation.required');
      if (issue.expected === 'number' || issue.expected === 'int') return t('validation.number');
      if (issue.expected === 'date') return t('validation.date');
      return t('validation.invalid');
    case 'too_small': {
      const min = count(issue.minimum);
      if (issue.origin === 'string') {
        if (typeof input === 'string' && input.trim() === '') return t('validation.required');
        return t('validation.tooShort', { count: min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return min <= 1 ? t('validation.chooseOne') : t('validation.chooseAtLeast', { count: min });
      }
      if (issue.origin === 'date') return t('validation.date');
      return t('validation.atLeast', { min });
    }
    case 'too_big': {
      const max = count(issue.maximum);
      if (issue.origin === 'string') return t('validation.tooLong', { count: max });
      if (issue.origin === 'array' || issue.origin === 'set')
        return t('validation.chooseAtMost', { count: max });
      if (issue.origin === 'date') return t('validation.date');
      return t('validation.atMost', { max });
    }
    case 'invalid_format':
      if (typeof input === 'string' && input.trim() === '') return t('validation.required');
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'url') return t('validation.url');
      if (issue.format === 'date' || issue.format === 'datetime') return t('validation.date');
      if (issue.format === 'time') return t('validation.time');
      return t('validation.invalid');
    case 'not_multiple_of':
      return t('validation.wholeNumber');
    case 'invalid_value':
    case 'invalid_union':
      if (input === undefined || input === null || input === '') return t('validation.required');
      return t('validation.chooseOption');
    default:
      return t('validation.invalid');
  }
}

let installed = false;

/**
 * Installs the one error map of the apps' forms: every zod issue is worded by `formIssueMessage` in the
 * current language (read when a form is checked, so a language switch applies to the next check).
 */
export function installFormErrorMap(): void {
  if (installed) return;
  installed = true;
  config({ customError: (issue) => formIssueMessage(issue as Issue, getI18n().t) });
}

/**
 * A form's rules from one of the contract's generated zod schemas (limits and formats), for @mantine/form's
 * `validate`, with the messages in people's words (`installFormErrorMap`). Every form that checks against the
 * contract goes through this rather than `schemaResolver` itself.
 */
export function formRules<Values = object>(
  schema: Parameters<typeof schemaResolver>[0],
): (values: Values) => FormErrors {
  installFormErrorMap();
  return schemaResolver(schema, { sync: true }) as unknown as (values: Values) => FormErrors;
}
