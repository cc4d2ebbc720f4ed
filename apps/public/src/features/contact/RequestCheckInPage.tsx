import { Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  requestCheckInBodyEmailMax,
  requestCheckInBodyMessageMax,
  requestCheckInBodyNameMax,
} from '@tend/api/zod';
import { isValidPhone, useSendCheckInRequest } from '@tend/domain/contact';
import { useSubmit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { MissingTokenAlert, SendForm, SentPanel } from '../../components/SendStatus.tsx';
import { EmailInput, MessageInput, NameInput, PhoneInput } from '../../components/fields.tsx';
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
  return (
    <ContactPage heading={t('contact.checkIn.heading')}>
      {token ? <CheckInForm token={token} /> : <MissingTokenAlert />}
    </ContactPage>
  );
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
      email: (value, values) =>
        values.preferredContact === 'email'
          ? v.compose(v.required(), v.email())(value, values, 'email')
          : v.email()(value, values, 'email'),
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
    <SendForm
      form={form}
      send={send}
      request={(values) => ({
        params: { token },
        data: {
          name: values.name.trim(),
          message: values.message.trim(),
          preferredContact: values.preferredContact,
          ...(values.email.trim() ? { email: values.email.trim() } : {}),
          ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        },
      })}
    >
      <Text>{t('contact.checkIn.intro')}</Text>
      <NameInput maxLength={requestCheckInBodyNameMax} form={form} />
      <MessageInput
        label={t('contact.checkIn.message')}
        maxLength={requestCheckInBodyMessageMax}
        form={form}
      />
      <Radio.Group label={t('contact.checkIn.preferredContact')} {...form.getInputProps('preferredContact')}>
        <Stack gap="xs" mt="xs">
          <Radio value="email" label={t('contact.checkIn.byEmail')} />
          <Radio value="phone" label={t('contact.checkIn.byPhone')} />
        </Stack>
      </Radio.Group>
      <EmailInput
        label={byEmail ? t('forms.email') : t('forms.emailOptional')}
        withAsterisk={byEmail}
        maxLength={requestCheckInBodyEmailMax}
        form={form}
      />
      <PhoneInput
        label={byEmail ? t('contact.checkIn.phoneOptional') : t('contact.callback.phone')}
        withAsterisk={!byEmail}
        form={form}
      />
    </SendForm>
  );
}
