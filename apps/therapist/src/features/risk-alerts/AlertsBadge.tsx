import { useOpenAlertCount } from '@tend/domain/risk-alerts';
import { useTranslation } from '@tend/i18n';
import { NavCountBadge } from '@tend/ui';

/** The navigation's count of open high-risk alerts (part of the link's name: "Risk alerts 2 open"). */
export function AlertsBadge() {
  const { t } = useTranslation('therapist');
  const { data: count } = useOpenAlertCount();
  return (
    <NavCountBadge
      count={count}
      color="red"
      label={(n) => t('alerts.badge', { count: n })}
      testId="alerts-badge"
    />
  );
}
