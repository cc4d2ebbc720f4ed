import { Badge, Button, Group, Notification, Portal } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@tend/i18n';
import { useAuth } from '@tend/auth';
import { useOutboxSync } from '@tend/domain/moments';
import { registerServiceWorker } from './serviceWorker.ts';

/** The new version notice: shown when a new version waits; the person reloads when they are ready. */
export function UpdateNotice() {
  const { t } = useTranslation('patient');
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <Portal>
      <Notification
        role="status"
        title={t('offline.update.title')}
        withCloseButton
        closeButtonProps={{ 'aria-label': t('offline.update.later') }}
        onClose={() => setApply(null)}
        style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 400, maxWidth: 360 }}
      >
        {t('offline.update.text')}
        <Group mt="xs">
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={apply}>
            {t('offline.update.reload')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}

/** Offline, or moments waiting to sync: a small status in the header (and the outbox is sent when it can). */
export function SyncStatus() {
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
