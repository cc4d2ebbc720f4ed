import { Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requestCheckInBodyEmailMax, requestCheckInBodyMessageMax, requestCheckInBodyNameMax } from '@tend/api/zod';
import { isValidPhone, useSendCheckInRequest } from '@tend/domain/contact';
import { useSubmit } from '@tend/domain';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { MissingTokenAlert, SendControls, SentPanel } from '../../components/SendStatus.tsx';
import { onSubmitOrFocus } from '../../components/focusFirstError.ts';
import { ContactPage } from './ContactPage.tsx';
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
  return <ContactPage heading={t('contact.checkIn.heading')}>{token ? <CheckInForm token={token} /> : <MissingTokenAlert />}</ContactPage>;
}

function CheckInForm({ token }: { token: string }) {
  const { t } = useTranslation('public');
  const v = useValidators();
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
  const request = useSendCheckInRequest();
  const send = useSubmit(request.mutateAsync, { form });
  if (send.succeeded) return <SentPanel>{t('contact.checkIn.success')}</SentPanel>;
  const byEmail = form.values.preferredContact === 'email';
  return (
    <form
      noValidate
      onSubmit={onSubmitOrFocus(form, (values) =>
        void send.submit({
          token,
          request: {
            name: values.name.trim(),
            message: values.message.trim(),
            preferredContact: values.preferredContact,
            ...(values.email.trim() ? { email: values.email.trim() } : {}),
            ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
          },
        }),
      )}
    >
      <Stack gap="md">
        <Text>{t('contact.checkIn.intro')}</Text>
        <TextInput
          label={t('contact.callback.name')}
          autoComplete="name"
          withAsterisk
          maxLength={requestCheckInBodyNameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('contact.checkIn.message')}
          description={t('forms.messageDescription')}
          withAsterisk
          autosize
          minRows={4}
          maxLength={requestCheckInBodyMessageMax}
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
          maxLength={requestCheckInBodyEmailMax}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          type="tel"
          autoComplete="tel"
          label={byEmail ? t('contact.checkIn.phoneOptional') : t('contact.callback.phone')}
          withAsterisk={!byEmail}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <SendControls problem={send.problem} pending={send.pending}>
          {t('forms.send')}
        </SendControls>
      </Stack>
    </form>
  );
}
