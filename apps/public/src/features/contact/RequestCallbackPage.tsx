import { NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRequestCallback } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { MissingTokenAlert, SendFailedAlert, SentPanel, SubmitButton } from '../../components/SendStatus.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';
import { isValidPhone } from './phone.ts';
import { useContactLink } from './useContactLink.ts';

interface Values {
  name: string;
  phone: string;
  email: string;
  preferredTime: string;
  notes: string;
}

/** Request a callback: `/contact/callback?token=…&callbackGroup=…` (POST /contact/action/request-callback). */
export function RequestCallbackPage() {
  const { t } = useTranslation('public');
  const { token, callbackGroup } = useContactLink();
  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{t('contact.callback.heading')}</Title>
        {token && callbackGroup ? <CallbackForm token={token} callbackGroup={callbackGroup} /> : <MissingTokenAlert />}
        <Text size="sm">{t('contact.urgent')}</Text>
      </Stack>
    </PageLayout>
  );
}

function CallbackForm({ token, callbackGroup }: { token: string; callbackGroup: string }) {
  const { t } = useTranslation('public');
  const v = useValidators();
  const send = useRequestCallback();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', phone: '', email: '', preferredTime: '', notes: '' },
    validate: {
      name: v.required(),
      phone: v.compose(v.required(), (value) => (isValidPhone(String(value)) ? null : t('contact.callback.invalidPhone'))),
      email: v.email(),
    },
  });
  const times = [
    { value: '', label: t('contact.callback.anyTime') },
    { value: 'morning', label: t('contact.callback.times.morning') },
    { value: 'afternoon', label: t('contact.callback.times.afternoon') },
    { value: 'evening', label: t('contact.callback.times.evening') },
  ];

  if (send.isSuccess) return <SentPanel>{t('contact.callback.success')}</SentPanel>;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          send.mutate({
            params: { token, callbackGroup },
            data: {
              name: values.name.trim(),
              phone: values.phone.trim(),
              ...(values.email.trim() ? { email: values.email.trim() } : {}),
              ...(values.preferredTime ? { preferredTime: times.find((o) => o.value === values.preferredTime)?.label ?? values.preferredTime } : {}),
              ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
            },
          }),
        (errors) => focusFirstError(errors, form.getInputNode),
      )}
    >
      <Stack gap="md">
        <Text>{t('contact.callback.intro')}</Text>
        <TextInput label={t('contact.callback.name')} autoComplete="name" withAsterisk maxLength={200} key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          type="tel"
          autoComplete="tel"
          label={t('contact.callback.phone')}
          description={t('contact.callback.phoneDescription')}
          withAsterisk
          maxLength={20}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <TextInput type="email" autoComplete="email" label={t('forms.emailOptional')} maxLength={254} key={form.key('email')} {...form.getInputProps('email')} />
        <NativeSelect label={t('contact.callback.preferredTime')} data={times} key={form.key('preferredTime')} {...form.getInputProps('preferredTime')} />
        <Textarea label={t('contact.callback.notes')} autosize minRows={3} maxLength={2000} key={form.key('notes')} {...form.getInputProps('notes')} />
        {send.isError && <SendFailedAlert error={send.error} />}
        <SubmitButton pending={send.isPending}>{t('forms.send')}</SubmitButton>
      </Stack>
    </form>
  );
}
