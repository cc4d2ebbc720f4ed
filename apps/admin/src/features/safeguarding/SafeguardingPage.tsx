import { Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { useSubmit } from '@tend/core';
import { REASON_MAX, REASON_MIN, normaliseReason, useSafeguardingLookup } from '@tend/domain/safeguarding';
import { useTranslation } from '@tend/i18n';
import { NotFoundOrProblem } from '../../components/NotFoundOrProblem.tsx';
import { PersonField } from '../../components/PersonFields.tsx';
import { SectionForm } from '../../components/SectionForm.tsx';
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
  return (
    <Stack gap="lg">
      <Title order={1}>{t('safeguarding.title')}</Title>
      <Text>{t('safeguarding.intro')}</Text>
      <SectionForm
        titleId="lookup-title"
        title={t('safeguarding.form.title')}
        maw={640}
        onSubmit={form.onSubmit((values) => void submit.submit(values))}
        pending={submit.pending}
        submitLabel={t('safeguarding.form.submit')}
        icon={IconShieldCheck}
      >
        <PersonField form={form} name="email" type="email" label={t('safeguarding.form.email')} required />
        <Textarea
          label={t('safeguarding.form.reason')}
          description={t('safeguarding.form.reasonHint')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={REASON_MAX}
          {...form.getInputProps('reason')}
        />
        <NotFoundOrProblem problem={submit.problem} color="tend" title={t('safeguarding.result.noneTitle')}>
          {t('safeguarding.result.none')}
        </NotFoundOrProblem>
      </SectionForm>
      {submit.succeeded && submit.data ? (
        <ChatHistoryView history={submit.data} email={form.getValues().email.trim()} />
      ) : null}
      <LookupLog />
    </Stack>
  );
}
