import { Badge, VisuallyHidden } from '@mantine/core';
import { useUnseenAppointmentNoticeCount } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';

/** The navigation's count of changes patients made that the therapist has not seen ("Appointments 2 new changes"). */
export function NoticesBadge() {
  const { t } = useTranslation('therapist');
  const { data: count } = useUnseenAppointmentNoticeCount();
  if (!count) return null;
  return (
    <Badge color="blue" variant="filled" size="sm" data-testid="appointments-badge">
      {count}
      <VisuallyHidden>{` ${t('appointments.badge', { count })}`}</VisuallyHidden>
    </Badge>
  );
}
