import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Moment } from '@tend/api/model';
import { MomentDetail } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';

/** A moment opened in full (every type rendered readably; a file downloadable), beside the list it came from. */
export function MomentDrawer({
  moment,
  onClose,
  timeZone,
  patientId,
  children,
}: {
  moment: Moment | null;
  onClose(): void;
  timeZone: string | undefined;
  patientId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('therapist');
  return (
    <Drawer
      opened={moment !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('record.moment.title')}
      closeButtonProps={{ 'aria-label': t('record.moment.close') }}
    >
      {moment ? <MomentDetail moment={moment} timeZone={timeZone} patientId={patientId} /> : null}
      {children}
    </Drawer>
  );
}
