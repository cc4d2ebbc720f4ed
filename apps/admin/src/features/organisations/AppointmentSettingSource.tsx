import { Badge, Button, Group, Text } from '@mantine/core';
import type { AppointmentSettingSource } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

/**
 * Where one appointment setting's value comes from: set here (with a reset that gives it back to the
 * organisation above, or the default, on save), inherited from a named organisation above, or the default.
 */
export function AppointmentSettingSourceLine({
  field,
  label,
  source,
  hasParent,
  resetting,
  onReset,
  onKeep,
}: {
  field: string;
  label: string;
  /** The field's source when it is inherited; undefined when the organisation sets it itself. */
  source: AppointmentSettingSource | undefined;
  hasParent: boolean;
  resetting: boolean;
  onReset(): void;
  onKeep(): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs" wrap="wrap" data-testid={`source-${field}`}>
      {resetting ? (
        <>
          <Badge size="sm" variant="default">
            {hasParent
              ? t('organisations.appointmentSettings.source.pendingInherit')
              : t('organisations.appointmentSettings.source.pendingDefault')}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onKeep}
            aria-label={t('organisations.appointmentSettings.source.keepNamed', { field: label })}
          >
            {t('organisations.appointmentSettings.source.keep')}
          </Button>
        </>
      ) : !source ? (
        <>
          <Badge size="sm" variant="light">
            {t('organisations.appointmentSettings.source.own')}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onReset}
            aria-label={
              hasParent
                ? t('organisations.appointmentSettings.source.resetNamed', { field: label })
                : t('organisations.appointmentSettings.source.defaultNamed', { field: label })
            }
          >
            {hasParent
              ? t('organisations.appointmentSettings.source.reset')
              : t('organisations.appointmentSettings.source.default')}
          </Button>
        </>
      ) : source.organisationName ? (
        <Text size="xs" c="dimmed" component="span" style={{ overflowWrap: 'anywhere' }}>
          <Badge size="sm" variant="default" mr={6}>
            {t('organisations.appointmentSettings.source.inherited')}
          </Badge>
          {t('organisations.appointmentSettings.source.from')}{' '}
          <SafeText component="span" inherit>
            {source.organisationName}
          </SafeText>
        </Text>
      ) : (
        <Badge size="sm" variant="default">
          {t('organisations.appointmentSettings.source.defaultValue')}
        </Badge>
      )}
    </Group>
  );
}
