import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { MessageAlert } from '@tend/api/model';
import { ProblemAlert, reloadOf, useSubmit, useVersionedForm } from '@tend/core';
import {
  emptyAlertValues,
  toAlertMessage,
  toAlertValues,
  useAdminMessageAlert,
  useDeleteAdminMessageAlert,
  useSaveAdminMessageAlert,
  type AlertApi,
  type AlertValues,
} from '@tend/domain/message-alerts';
import { useTranslation } from '@tend/i18n';
import { AlertFields, useAlertLabels, useAlertValidation } from './AlertFields.tsx';
import { alertPaths } from './alertApi.ts';
import { VersionedSave } from '../../components/VersionedSave.tsx';
import { ReadFailedPage } from '../../components/ReadFailedPage.tsx';

/**
 * One alert, through the v2 or v1 calls: edited and saved with its ETag (a 412 shows theirs against mine), or
 * deleted after a confirmation.
 */
export function EditMessageAlertPage({ api = 'v2' }: { api?: AlertApi }) {
  const { t } = useTranslation('admin');
  const { alertId = '' } = useParams();
  const alert = useAdminMessageAlert(alertId, api);
  const saver = useSaveAdminMessageAlert(api);
  const title = api === 'v1' ? t('message-alerts.v1.editTitle') : t('message-alerts.form.editTitle');
  const vf = useVersionedForm<MessageAlert, AlertValues, MessageAlert>({
    resource: alert.data,
    etag: alert.data?.etag,
    initialValues: emptyAlertValues(),
    toValues: (a) => toAlertValues(a),
    save: (values, etag) =>
      saver.mutateAsync({
        id: alertId,
        data: toAlertMessage(values, alert.data?.message),
        headers: { ETag: etag },
      }),
    savedResource: (saved) => saved,
    reload: reloadOf(alert),
    validate: useAlertValidation(),
  });
  const labels = useAlertLabels();
  const back = (
    <Button component={Link} to={alertPaths(api).list} variant="default">
      {t('message-alerts.form.cancel')}
    </Button>
  );

  if (alert.error && !alert.data) {
    return (
      <ReadFailedPage
        title={title}
        error={alert.error}
        notFoundText={t('message-alerts.form.notFound')}
        onRetry={() => void alert.refetch()}
        back={back}
      />
    );
  }
  if (!vf.ready) return <Text role="status">{t('message-alerts.form.loading')}</Text>;

  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{title}</Title>
      <form noValidate onSubmit={vf.onSubmit}>
        <Stack gap="md">
          <AlertFields form={vf.form} />
          <VersionedSave
            vf={vf}
            labels={labels}
            saveLabel={t('message-alerts.form.save')}
            savedText={t('message-alerts.form.saved')}
          >
            {back}
          </VersionedSave>
        </Stack>
      </form>
      <DeleteAlert id={alertId} etag={vf.etag} api={api} />
    </Stack>
  );
}

/** Delete with a confirmation, sent with the ETag of the version shown (a 412 says it changed meanwhile). */
function DeleteAlert({ id, etag, api }: { id: string; etag: string | null; api: AlertApi }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const deleter = useDeleteAdminMessageAlert(api);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit(() => deleter.mutateAsync({ id, headers: { ETag: etag ?? '' } }), {
    onSuccess: () => void navigate(alertPaths(api).list),
  });
  const changed = submit.problem?.kind === 'versionConflict';
  if (!confirming) {
    return (
      <Group>
        <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
          {t('message-alerts.form.delete')}
        </Button>
      </Group>
    );
  }
  return (
    <Alert color="red.9" variant="outline" title={t('message-alerts.form.deleteConfirm')}>
      <Stack gap="sm">
        {changed ? (
          <Text size="sm">{t('message-alerts.form.deleteChanged')}</Text>
        ) : (
          <ProblemAlert problem={submit.problem} />
        )}
        <Group>
          <Button
            color="red.9"
            loading={submit.pending}
            disabled={changed}
            onClick={() => void submit.submit()}
          >
            {t('message-alerts.form.deleteYes')}
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('message-alerts.form.deleteNo')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One alert through the v1 calls. */
export function EditMessageAlertV1Page() {
  return <EditMessageAlertPage api="v1" />;
}
