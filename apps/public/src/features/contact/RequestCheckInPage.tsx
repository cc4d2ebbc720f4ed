import { Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRequestCheckIn } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { MissingTokenAlert, SendFailedAlert, SentPanel, SubmitButton } from '../../components/SendStatus.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';
import { isValidPhone } from './phone.ts';
import { useContactLink } from './useContactLink.ts';

interface Values {
  name: string;
  message: string;
  preferredContact: 'email' | 'phone';
  email: string;
  phone: string;
}

/** Request a check-in: `/contact/check-in?token=…` (POST /contact/action/request-check-in). */
export function RequestCheckInPage() {
  const { t } = useTranslation('public');
  const { token } = useContactLink();
  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{t('contact.checkIn.heading')}</Title>
        {token ? <CheckInForm token={token} /> : <MissingTokenAlert />}
        <Text size="sm">{t('contact.urgent')}</Text>
      </Stack>
    </PageLayout>
  );
}

function CheckInForm({ token }: { token: string }) {
  const { t } = useTranslation('public');
  const v = useValidators();
  const send = useRequestCheckIn();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', message: '', preferredContact: 'email', email: '', phone: '' },
    validate: {
      name: v.required(),
      message: v.required(),
      email: (value, values) => (values.preferredContact === 'email' ? v.compose(v.required(), v.email())(value, values, 'email') : v.email()(value, values, 'email')),
      phone: (value, values) => {
        if (values.preferredContact === 'phone' && !value.trim()) return v.required()(value, values, 'phone');
        return value.trim() && !isValidPhone(value) ? t('contact.callback.invalidPhone') : null;
      },
    },
  });
  if (send.isSuccess) return <SentPanel>{t('contact.checkIn.success')}</SentPanel>;
  const byEmail = form.values.preferredContact === 'email';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          send.mutate({
            params: { token },
            data: {
              name: values.name.trim(),
              message: values.message.trim(),
              preferredContact: values.preferredContact,
              ...(values.email.trim() ? { email: values.email.trim() } : {}),
              ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
            },
          }),
        (errors) => focusFirstError(errors, form.getInputNode),
      )}
    >
      <Stack gap="md">
        <Text>{t('contact.checkIn.intro')}</Text>
        <TextInput label={t('contact.callback.name')} autoComplete="name" withAsterisk maxLength={200} key={form.key('name')} {...form.getInputProps('name')} />
        <Textarea
          label={t('contact.checkIn.message')}
          description={t('forms.messageDescription')}
          withAsterisk
          autosize
          minRows={4}
          maxLength={2000}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Radio.Group label={t('contact.checkIn.preferredContact')} {...form.getInputProps('preferredContact')}>
          <Stack gap="xs" mt="xs">
            <Radio value="email" label={t('contact.checkIn.byEmail')} />
            <Radio value="phone" label={t('contact.checkIn.byPhone')} />
          </Stack>
        </Radio.Group>
        <TextInput
          type="email"
          autoComplete="email"
          label={byEmail ? t('forms.email') : t('forms.emailOptional')}
          withAsterisk={byEmail}
          maxLength={254}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          type="tel"
          autoComplete="tel"
          label={byEmail ? t('contact.checkIn.phoneOptional') : t('contact.callback.phone')}
          withAsterisk={!byEmail}
          maxLength={20}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        {send.isError && <SendFailedAlert error={send.error} />}
        <SubmitButton pending={send.isPending}>{t('forms.send')}</SubmitButton>
      </Stack>
    </form>
  );
}
