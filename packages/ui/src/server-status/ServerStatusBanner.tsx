import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRuntimeConfig } from '@tend/config/runtime';
import { getLocale, useTranslation } from '@tend/i18n';
import { IconCloudOff, IconInfoCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { deviceOnline, ServerStatusService, type ServerStatusServiceOptions } from './service.ts';
import type { ServerStatus } from './status.ts';

let shared: ServerStatusService | undefined;

/**
 * The app's one status service, from the runtime configuration (statusHost, maintenanceBypass), created on
 * first use. `overrides` apply only when it is created (e.g. `redirectPath: null` on the public site).
 */
export function getServerStatusService(
  overrides: Partial<ServerStatusServiceOptions> = {},
): ServerStatusService {
  if (!shared) {
    const config = getRuntimeConfig();
    shared = new ServerStatusService({
      statusHost: config.statusHost,
      maintenanceBypass: config.maintenanceBypass,
      ...overrides,
    });
  }
  return shared;
}

/** For tests: forget the shared service (stop it first). */
export function resetServerStatusService(): void {
  shared = undefined;
}

/** The current server status; re-renders when the state changes. */
export function useServerStatus(service: ServerStatusService = getServerStatusService()): ServerStatus {
  return useSyncExternalStore(service.subscribe, service.getStatus, service.getStatus);
}

export const POLL_FAILED_NOTIFICATION_ID = 'server-status-poll-failed';

export interface ServerStatusBannerProps {
  /** Default: the shared service from the runtime configuration. */
  service?: ServerStatusService;
  /**
   * Where a failed poll's message goes: a notification (the portals, which have Mantine's notifications), or
   * `inline`, an alert in this banner's place until a poll succeeds again (the public site, which has none).
   */
  pollFailure?: 'notification' | 'inline';
}

function formatTime(time: number): string {
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** Re-renders on the browser's offline and online events (deviceOnline reads what they said). */
function subscribeConnection(onChange: () => void): () => void {
  window.addEventListener('offline', onChange);
  window.addEventListener('online', onChange);
  return () => {
    window.removeEventListener('offline', onChange);
    window.removeEventListener('online', onChange);
  };
}

/**
 * Polls while mounted and tells people about maintenance: going offline (when and why) as a polite status,
 * offline as an alert. A failed poll shows 'Something bad happened; please try again later.' as a
 * notification.
 */
export function ServerStatusBanner({
  service: given,
  pollFailure = 'notification',
}: ServerStatusBannerProps) {
  const service = given ?? getServerStatusService();
  const { t, i18n } = useTranslation();
  const status = useServerStatus(service);
  const online = useSyncExternalStore(subscribeConnection, deviceOnline, () => true);
  const [failed, setFailed] = useState(() => pollFailure === 'inline' && service.hasFailed());

  useEffect(() => {
    const unsubscribe = service.subscribeErrors(() => {
      if (pollFailure === 'inline') {
        setFailed(true);
        return;
      }
      notifications.show({
        id: POLL_FAILED_NOTIFICATION_ID,
        color: 'red',
        message: i18n.t('Error_SomethingWentWrong'),
        autoClose: 10000,
      });
    });
    const unsubscribeRecoveries = service.subscribeRecoveries(() => setFailed(false));
    // Back online: ask at once rather than at the next interval.
    const onOnline = () => void service.poll();
    window.addEventListener('online', onOnline);
    service.start();
    return () => {
      unsubscribe();
      unsubscribeRecoveries();
      window.removeEventListener('online', onOnline);
      service.stop();
    };
  }, [service, i18n, pollFailure]);

  const failure = failed ? (
    <Alert role="alert" variant="light" color="red" icon={<IconPlugConnectedX aria-hidden="true" />} mb="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('Error_SomethingWentWrong')}</Text>
        <Button size="xs" variant="default" onClick={() => void service.poll()}>
          {t('serverStatus.tryAgain')}
        </Button>
      </Group>
    </Alert>
  ) : null;

  // This device without a connection: a calm note (what is on screen was loaded before and comes back up to
  // date by itself), never a failure: the status is not asked meanwhile (the service skips its polls).
  const deviceOffline = online ? null : (
    <Alert
      role="status"
      variant="light"
      color="gray"
      title={t('serverStatus.deviceOfflineTitle')}
      icon={<IconCloudOff aria-hidden="true" />}
      mb="md"
    >
      <Text size="sm">{t('serverStatus.deviceOffline')}</Text>
    </Alert>
  );

  // Going offline: a polite status with when and why; offline: an alert.
  const going = status.goingOffline && status.offlineTime !== null;
  if (!going && !status.offline) return deviceOffline ?? failure;
  const reason = going ? status.pendingReason : status.activeReason;
  return (
    <Alert
      role={going ? 'status' : 'alert'}
      variant="light"
      color={going ? 'blue' : 'red'}
      title={going ? t('serverStatus.goingOfflineTitle') : t('serverStatus.offlineTitle')}
      icon={going ? <IconInfoCircle aria-hidden="true" /> : <IconPlugConnectedX aria-hidden="true" />}
      mb="md"
    >
      <Text size="sm">
        {going
          ? t('serverStatus.goingOffline', { time: formatTime(status.offlineTime ?? 0) })
          : t('serverStatus.offline')}
      </Text>
      {reason && <Text size="sm">{t('serverStatus.reason', { reason })}</Text>}
    </Alert>
  );
}
