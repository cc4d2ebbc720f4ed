import { Alert, Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { ProblemAlert, useSubmit } from '@tend/core';
import { REASON_MAX, REASON_MIN, normaliseReason, useSafeguardingLookup } from '@tend/domain/safeguarding';
import { useTranslation } from '@tend/i18n';
import { ChatHistoryView } from './ChatHistoryView.tsx';
import { LookupLog } from './LookupLog.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A patient's chats, found by their e-mail address, to review a safeguarding concern. The look-up asks why;
 * who looked, when and why is logged and shown below to the administrators of the patient's organisation.
 */
export function SafeguardingPage() {
  const { t } = useTranslation('admin');
  const lookup = useSafeguardingLookup();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', reason: '' },
    validate: {
      email: (v) => (EMAIL.test(v.trim()) ? null : t('safeguarding.form.emailInvalid')),
      reason: (v) =>
        normaliseReason(v).length < REASON_MIN
          ? t('safeguarding.form.reasonShort', { count: REASON_MIN })
          : null,
    },
  });
  const submit = useSubmit((values: { email: string; reason: string }) => lookup.mutateAsync(values), {
    form,
  });
  const notFound = submit.problem?.kind === 'notFound';
  return (
    <Stack gap="lg">
      <Title order={1}>{t('safeguarding.title')}</Title>
      <Text>{t('safeguarding.intro')}</Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => void submit.submit(values))}
        aria-labelledby="lookup-title"
      >
        <Stack gap="sm" maw={640}>
          <Title order={2} size="h3" id="lookup-title">
            {t('safeguarding.form.title')}
          </Title>
          <TextInput
            type="email"
            label={t('safeguarding.form.email')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Textarea
            label={t('safeguarding.form.reason')}
            description={t('safeguarding.form.reasonHint')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            {...form.getInputProps('reason')}
          />
          {notFound ? (
            <Alert color="tend" role="alert" title={t('safeguarding.result.noneTitle')}>
              {t('safeguarding.result.none')}
            </Alert>
          ) : (
            <ProblemAlert problem={submit.problem} />
          )}
          <Group>
            <Button
              type="submit"
              loading={submit.pending}
              leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
            >
              {t('safeguarding.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {submit.succeeded && submit.data ? (
        <ChatHistoryView history={submit.data} email={form.getValues().email.trim()} />
      ) : null}
      <LookupLog />
    </Stack>
  );
}
