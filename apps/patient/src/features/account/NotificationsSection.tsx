import { Alert, Loader, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ProblemAlert, toProblem, useSubmit } from '@tend/domain';
import { usePushStatus, useSetPushStatus } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** The browser's answer about notifications: asked only when the person turns them on. */
async function askPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return 'denied';
  }
}

/** Whether Tend may send notifications (setPushStatus); the browser is asked when they are turned on. */
export function NotificationsSection() {
  const { t } = useTranslation('patient');
  const status = usePushStatus();
  const set = useSetPushStatus();
  const [blocked, setBlocked] = useState(false);
  const submit = useSubmit(async (enabled: boolean) => {
    if (enabled) setBlocked((await askPermission()) === 'denied');
    return set.mutateAsync({ enabled });
  });
  return (
    <Section title={t('account.notifications.title')}>
      {status.isPending ? (
        <Loader aria-label={t('ui.loading')} />
      ) : status.isError ? (
        <ProblemAlert problem={toProblem(status.error)} message={t('account.notifications.loadFailed')} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <Switch
            label={t('account.notifications.label')}
            description={t('account.notifications.help')}
            checked={set.isPending && set.variables ? set.variables.enabled : status.data.enabled}
            disabled={submit.pending}
            onChange={(e) => void submit.submit(e.currentTarget.checked)}
          />
          <Text size="sm" role="status">
            {status.data.enabled ? t('account.notifications.on') : t('account.notifications.off')}
          </Text>
          {blocked && status.data.enabled ? (
            <Alert color="yellow" variant="light">
              {t('account.notifications.blocked')}
            </Alert>
          ) : null}
          <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit(!status.data.enabled)} />
        </>
      )}
    </Section>
  );
}
