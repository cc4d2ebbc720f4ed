import { Button, Group, Notification, Portal } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@tend/i18n';
import { registerServiceWorker } from './serviceWorker.ts';

const SyncBadge = lazy(async () => ({ default: (await import('./SyncBadge.tsx')).SyncBadge }));

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

/**
 * Offline, or moments waiting to sync: a small status in the header, and the outbox sent when it can. A lazy
 * chunk (the outbox, its IndexedDB store and the moments' calls): none of it is in the first JavaScript.
 */
export function SyncStatus() {
  return (
    <Suspense fallback={null}>
      <SyncBadge />
    </Suspense>
  );
}
