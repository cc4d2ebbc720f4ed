import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, useSubmit } from '@tend/core';
import { listNames, useSafetyNet, useUpdateSafetyPlanSharing } from '@tend/domain/safety-net';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { LoadFailed } from '../../components/Loaded.tsx';

/**
 * Who can read the plan: the therapists of the care team by name while the patient shares it (the default),
 * only the patient once they stop (the server then refuses every therapist); one button to stop or share again.
 */
export function SharingSection() {
  const { t, i18n } = useTranslation('patient');
  const net = useSafetyNet();
  const update = useUpdateSafetyPlanSharing();
  const submit = useSubmit((shared: boolean) => update.mutateAsync({ data: { shared } }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-sharing-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="plan-sharing-heading">
          {t('safety-plan.sharing.title')}
        </Title>
        {net.isPending ? (
          <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} />
        ) : net.isError ? (
          <LoadFailed query={net} failed={t('safety-plan.sharing.loadFailed')} />
        ) : (
          <>
            <Text data-testid="plan-readers">
              {!net.data.safetyPlanShared
                ? t('safety-plan.sharing.private')
                : net.data.therapists.length > 0
                  ? t('safety-plan.sharing.shared', {
                      names: listNames(
                        net.data.therapists.map((x) => x.name),
                        i18n.language || 'en',
                      ),
                    })
                  : t('safety-plan.sharing.noTherapist')}
            </Text>
            <Text size="sm">
              {net.data.safetyPlanShared
                ? t('safety-plan.sharing.sharedHelp')
                : t('safety-plan.sharing.privateHelp')}
            </Text>
            {net.data.safetyPlanSharingChangedAt ? (
              <Text size="sm" c="dimmed">
                {t('safety-plan.sharing.changedAt', {
                  when: formatDateTime(net.data.safetyPlanSharingChangedAt),
                })}
              </Text>
            ) : null}
            {submit.succeeded ? (
              <Alert color="teal" variant="light" role="status">
                {net.data.safetyPlanShared
                  ? t('safety-plan.sharing.nowShared')
                  : t('safety-plan.sharing.nowPrivate')}
              </Alert>
            ) : null}
            <ProblemAlert
              problem={submit.problem}
              onRetry={() => void submit.submit(!net.data.safetyPlanShared)}
            />
            <Group>
              <Button
                variant={net.data.safetyPlanShared ? 'default' : 'filled'}
                loading={submit.pending}
                onClick={() => void submit.submit(!net.data.safetyPlanShared)}
              >
                {net.data.safetyPlanShared ? t('safety-plan.sharing.stop') : t('safety-plan.sharing.start')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
