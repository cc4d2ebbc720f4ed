import { Alert, Switch, Text } from '@mantine/core';
import { ProblemAlert, useSubmit } from '@tend/core';
import { usePushStatus, useSwitchPush, type DeviceOutcome } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { thisDevice } from './pushDevice.ts';
import { Loaded } from '../../components/Loaded.tsx';

/** What the page says about this device after a switch ('none' and 'removed' need no words). */
const DEVICE_NOTE = {
  registered: { color: 'teal', key: 'account.notifications.device.registered' },
  blocked: { color: 'yellow', key: 'account.notifications.blocked' },
  unsupported: { color: 'gray', key: 'account.notifications.device.unsupported' },
  failed: { color: 'yellow', key: 'account.notifications.device.failed' },
} as const;

/**
 * Whether Tend may send notifications (setPushStatus) and this device with it: turning them on asks the
 * browser, and registers this device's token where it is granted (registerPushToken); turning them off
 * unregisters it (unregisterPushToken). Registering it again on each visit is the header's PushDeviceSync.
 */
export function NotificationsSection() {
  const { t } = useTranslation('patient');
  const device = thisDevice();
  const status = usePushStatus();
  const change = useSwitchPush(device);
  const submit = useSubmit((enabled: boolean) => change.mutateAsync(enabled));
  const outcome: DeviceOutcome | undefined = change.data;
  const note =
    status.data?.enabled && outcome && outcome in DEVICE_NOTE
      ? DEVICE_NOTE[outcome as keyof typeof DEVICE_NOTE]
      : undefined;
  return (
    <Section title={t('account.notifications.title')}>
      <Loaded query={status} failed={t('account.notifications.loadFailed')}>
        {(current) => (
          <>
            <Switch
              label={t('account.notifications.label')}
              description={t('account.notifications.help')}
              checked={
                change.isPending && change.variables !== undefined ? change.variables : current.enabled
              }
              disabled={submit.pending}
              onChange={(e) => void submit.submit(e.currentTarget.checked)}
            />
            <Text size="sm" role="status">
              {current.enabled ? t('account.notifications.on') : t('account.notifications.off')}
            </Text>
            {note ? (
              <Alert color={note.color} variant="light">
                {t(note.key)}
              </Alert>
            ) : null}
            <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit(!current.enabled)} />
          </>
        )}
      </Loaded>
    </Section>
  );
}
