import { Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  emptyAlertValues,
  toAlertMessage,
  useCreateAdminMessageAlert,
  type AlertApi,
  type AlertValues,
} from '@tend/domain/message-alerts';
import { useTranslation } from '@tend/i18n';
import { to } from '../../paths.ts';
import { AlertFields, useAlertValidation } from './AlertFields.tsx';
import { alertPaths } from './alertApi.ts';
import { CreateActions } from '../../components/CreateActions.tsx';

/** A new message alert (for `?organisation=` when given), through the v2 or v1 calls; once created, its page (edit, delete). */
export function NewMessageAlertPage({ api = 'v2' }: { api?: AlertApi }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const own = alertPaths(api);
  const creator = useCreateAdminMessageAlert(api);
  const form = useForm<AlertValues>({
    mode: 'controlled',
    initialValues: emptyAlertValues(search.get('organisation') ?? ''),
    validate: useAlertValidation(),
  });
  const submit = useSubmit((values: AlertValues) => creator.mutateAsync({ data: toAlertMessage(values) }), {
    form,
    onSuccess: (created) => void navigate(to(own.one, { alertId: created.id })),
  });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>
        {api === 'v1' ? t('message-alerts.v1.newTitle') : t('message-alerts.form.newTitle')}
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values))}>
        <Stack gap="md">
          <AlertFields form={form} pickFirstOrganisation />
          <ProblemAlert problem={submit.problem} />
          <CreateActions
            pending={submit.pending}
            submitLabel={t('message-alerts.form.create')}
            cancelTo={own.list}
            cancelLabel={t('message-alerts.form.cancel')}
          />
        </Stack>
      </form>
    </Stack>
  );
}

/** A new alert through the v1 calls. */
export function NewMessageAlertV1Page() {
  return <NewMessageAlertPage api="v1" />;
}
