import { Badge, VisuallyHidden } from '@mantine/core';
import { useOpenAlertCount } from '@tend/domain/risk-alerts';
import { useTranslation } from '@tend/i18n';

/** The navigation's count of open high-risk alerts (part of the link's name: "Risk alerts 2 open"). */
export function AlertsBadge() {
  const { t } = useTranslation('therapist');
  const { data: count } = useOpenAlertCount();
  if (!count) return null;
  return (
    <Badge color="red" variant="filled" size="sm" data-testid="alerts-badge">
      {count}
      <VisuallyHidden>{` ${t('alerts.badge', { count })}`}</VisuallyHidden>
    </Badge>
  );
}
