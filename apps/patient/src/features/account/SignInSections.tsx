import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccountSummary } from '@tend/api/model';
import { requestEmailChangeQueryParams } from '@tend/api/zod';
import { ProblemAlert, useSubmit, formRules } from '@tend/core';
import { useRequestEmailChange, useRequestPasswordChange } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

const validateEmail = formRules(requestEmailChangeQueryParams);

/** A new e-mail address: a link goes to it; the address changes when the link is opened (the confirm page). */
export function EmailSection({ summary }: { summary: AccountSummary }) {
  const { t } = useTranslation('patient');
  const change = useRequestEmailChange();
  const form = useForm({
    initialValues: { email: '' },
    validate: (v) => validateEmail({ email: v.email.trim() }),
  });
  const submit = useSubmit(change.mutateAsync, { form });
  const onSubmit = form.onSubmit((v) => void submit.submit({ params: { email: v.email.trim() } }));
  const code = submit.problem?.code;
  return (
    <Section title={t('account.email.title')}>
      <Text>{t('account.email.current', { email: summary.email })}</Text>
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          type="email"
          label={t('account.email.label')}
          description={t('account.email.help')}
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <ProblemAlert
          problem={submit.problem}
          message={
            code === 'email_in_use'
              ? t('account.email.inUse')
              : code === 'email_unchanged'
                ? t('account.email.unchanged')
                : undefined
          }
          onRetry={() => void onSubmit()}
        />
        {submit.succeeded ? (
          <Alert color="teal" role="status" variant="light">
            {t('account.email.sent', { email: form.values.email.trim() })}
          </Alert>
        ) : null}
        <SubmitButtons label={t('account.email.save')} pending={submit.pending} mt="sm" />
      </form>
    </Section>
  );
}

/** A new password: a link to the account's address (the same mail as a forgotten password). */
export function PasswordSection({ summary }: { summary: AccountSummary }) {
  const { t, i18n } = useTranslation('patient');
  const change = useRequestPasswordChange();
  const submit = useSubmit(change.mutateAsync);
  const send = () =>
    void submit.submit({
      params: { emailAddress: summary.email, language: i18n.resolvedLanguage ?? summary.language },
    });
  return (
    <Section title={t('account.password.title')}>
      <Text>{t('account.password.help')}</Text>
      <ProblemAlert problem={submit.problem} onRetry={send} />
      {submit.succeeded ? (
        <Alert color="teal" role="status" variant="light">
          {t('account.password.sent', { email: summary.email })}
        </Alert>
      ) : null}
      <Group>
        <Button variant="default" onClick={send} loading={submit.pending}>
          {t('account.password.send')}
        </Button>
      </Group>
    </Section>
  );
}
