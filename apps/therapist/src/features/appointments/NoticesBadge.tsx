import { useUnseenAppointmentNoticeCount } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { NavCountBadge } from '@tend/ui';

/** The navigation's count of changes patients made that the therapist has not seen ("Appointments 2 new changes"). */
export function NoticesBadge() {
  const { t } = useTranslation('therapist');
  const { data: count } = useUnseenAppointmentNoticeCount();
  return (
    <NavCountBadge
      count={count}
      color="blue"
      label={(n) => t('appointments.badge', { count: n })}
      testId="appointments-badge"
    />
  );
}
