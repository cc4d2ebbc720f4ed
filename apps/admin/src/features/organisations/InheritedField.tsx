import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

export interface InheritedFieldProps {
  /** The field's name (tests find the field's group by it). */
  field: string;
  /** The field's label (also names the reset button). */
  label: string;
  /** The value in the form: null = no own value (inherited). */
  value: unknown;
  /** The value in effect now (merged view), shown when inherited. */
  effective: string | null;
  /** Whether the organisation has a parent to inherit from. */
  hasParent: boolean;
  onReset(): void;
  children: ReactNode;
}

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * One setting with where its value comes from: "Inherited" (with the value in effect, from the organisation
 * above) or "Set here" with "Reset to inherited", which removes the organisation's own value on save.
 */
export function InheritedField({
  field,
  label,
  value,
  effective,
  hasParent,
  onReset,
  children,
}: InheritedFieldProps) {
  const { t } = useTranslation('admin');
  const own = isSet(value);
  return (
    <Stack gap={4} data-testid={`field-${field}`}>
      {children}
      <Group gap="xs" wrap="wrap">
        {own ? (
          <Badge size="sm" variant="light">
            {t('organisations.inherit.own')}
          </Badge>
        ) : (
          <Badge size="sm" variant="default">
            {hasParent ? t('organisations.inherit.inherited') : t('organisations.inherit.notSet')}
          </Badge>
        )}
        {!own && hasParent ? (
          <Text size="xs" c="dimmed" component="span">
            {t('organisations.inherit.inEffect')}{' '}
            {effective ? (
              <SafeText component="span" inherit>
                {effective}
              </SafeText>
            ) : (
              t('organisations.inherit.nothing')
            )}
          </Text>
        ) : null}
        {own ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onReset}
            aria-label={t(
              hasParent ? 'organisations.inherit.resetNamed' : 'organisations.inherit.clearNamed',
              { field: label },
            )}
          >
            {hasParent ? t('organisations.inherit.reset') : t('organisations.inherit.clear')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
