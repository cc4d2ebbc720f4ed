import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';

/** "Emergency" on a chat or a request, red with its warning sign, wherever chats are listed or opened. */
export function EmergencyBadge({
  variant,
  size,
}: {
  variant: 'filled' | 'light';
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation('therapist');
  return (
    <Badge
      color="red"
      variant={variant}
      size={size}
      leftSection={<IconAlertTriangle size={size === 'lg' ? 14 : 12} aria-hidden="true" />}
    >
      {t('chats.requests.emergency')}
    </Badge>
  );
}
