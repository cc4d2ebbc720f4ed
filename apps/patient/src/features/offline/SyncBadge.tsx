import { Badge } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';
import { useAuth } from '@tend/auth';
import { useOutboxSync } from '@tend/domain/moments';

/** Offline, or moments waiting to sync: a small status in the header (and the outbox is sent when it can). */
export function SyncBadge() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const { pending, online, syncing } = useOutboxSync(user?.uid);
  if (pending.length === 0) return null;
  return (
    <Badge
      role="status"
      color={online ? 'blue' : 'gray'}
      variant="light"
      leftSection={online ? undefined : <IconCloudOff size={14} aria-hidden="true" />}
      style={{ textTransform: 'none' }}
    >
      {!online
        ? t('offline.status.offline', { count: pending.length })
        : syncing
          ? t('offline.status.syncing', { count: pending.length })
          : t('offline.status.waiting', { count: pending.length })}
    </Badge>
  );
}
