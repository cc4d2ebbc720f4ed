import { NativeSelect, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  requestCallbackBodyEmailMax,
  requestCallbackBodyNameMax,
  requestCallbackBodyNotesMax,
} from '@tend/api/zod';
import { isValidPhone, useSendCallbackRequest } from '@tend/domain/contact';
import { useSubmit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { MissingTokenAlert, SendForm, SentPanel } from '../../components/SendStatus.tsx';
import { EmailInput, NameInput, PhoneInput } from '../../components/fields.tsx';
import { ContactPage } from './ContactPage.tsx';
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
    <ContactPage heading={t('contact.callback.heading')}>
      {token && callbackGroup ? (
        <CallbackForm token={token} callbackGroup={callbackGroup} />
      ) : (
        <MissingTokenAlert />
      )}
    </ContactPage>
  );
}

function CallbackForm({ token, callbackGroup }: { token: string; callbackGroup: string }) {
  const { t } = useTranslation('public');
  const v = useValidators();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', phone: '', email: '', preferredTime: '', notes: '' },
    validate: {
      name: v.required(),
      phone: v.compose(v.required(), (value) =>
        isValidPhone(String(value)) ? null : t('contact.callback.invalidPhone'),
      ),
      email: v.email(),
    },
  });
  const request = useSendCallbackRequest();
  const send = useSubmit(request.mutateAsync, { form });
  const times = [
    { value: '', label: t('contact.callback.anyTime') },
    { value: 'morning', label: t('contact.callback.times.morning') },
    { value: 'afternoon', label: t('contact.callback.times.afternoon') },
    { value: 'evening', label: t('contact.callback.times.evening') },
  ];

  if (send.succeeded) return <SentPanel>{t('contact.callback.success')}</SentPanel>;
  return (
    <SendForm
      form={form}
      send={send}
      request={(values) => ({
        params: { token, callbackGroup },
        data: {
          name: values.name.trim(),
          phone: values.phone.trim(),
          ...(values.email.trim() ? { email: values.email.trim() } : {}),
          ...(values.preferredTime
            ? {
                preferredTime:
                  times.find((o) => o.value === values.preferredTime)?.label ?? values.preferredTime,
              }
            : {}),
          ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
        },
      })}
    >
      <Text>{t('contact.callback.intro')}</Text>
      <NameInput maxLength={requestCallbackBodyNameMax} form={form} />
      <PhoneInput
        label={t('contact.callback.phone')}
        description={t('contact.callback.phoneDescription')}
        withAsterisk
        form={form}
      />
      <EmailInput label={t('forms.emailOptional')} maxLength={requestCallbackBodyEmailMax} form={form} />
      <NativeSelect
        label={t('contact.callback.preferredTime')}
        data={times}
        {...form.getInputProps('preferredTime')}
      />
      <Textarea
        label={t('contact.callback.notes')}
        autosize
        minRows={3}
        maxLength={requestCallbackBodyNotesMax}
        {...form.getInputProps('notes')}
      />
    </SendForm>
  );
}
