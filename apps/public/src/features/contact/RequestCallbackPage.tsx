import { NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requestCallbackBodyEmailMax, requestCallbackBodyNameMax, requestCallbackBodyNotesMax } from '@tend/api/zod';
import { isValidPhone, useSendCallbackRequest } from '@tend/domain/contact';
import { useSubmit } from '@tend/domain';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { MissingTokenAlert, SendControls, SentPanel } from '../../components/SendStatus.tsx';
import { onSubmitOrFocus } from '../../components/focusFirstError.ts';
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
      {token && callbackGroup ? <CallbackForm token={token} callbackGroup={callbackGroup} /> : <MissingTokenAlert />}
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
      phone: v.compose(v.required(), (value) => (isValidPhone(String(value)) ? null : t('contact.callback.invalidPhone'))),
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
    <form
      noValidate
      onSubmit={onSubmitOrFocus(form, (values) =>
        void send.submit({
          token,
          callbackGroup,
          details: {
            name: values.name.trim(),
            phone: values.phone.trim(),
            ...(values.email.trim() ? { email: values.email.trim() } : {}),
            ...(values.preferredTime ? { preferredTime: times.find((o) => o.value === values.preferredTime)?.label ?? values.preferredTime } : {}),
            ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
          },
        }),
      )}
    >
      <Stack gap="md">
        <Text>{t('contact.callback.intro')}</Text>
        <TextInput
          label={t('contact.callback.name')}
          autoComplete="name"
          withAsterisk
          maxLength={requestCallbackBodyNameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          type="tel"
          autoComplete="tel"
          label={t('contact.callback.phone')}
          description={t('contact.callback.phoneDescription')}
          withAsterisk
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <TextInput
          type="email"
          autoComplete="email"
          label={t('forms.emailOptional')}
          maxLength={requestCallbackBodyEmailMax}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <NativeSelect label={t('contact.callback.preferredTime')} data={times} key={form.key('preferredTime')} {...form.getInputProps('preferredTime')} />
        <Textarea
          label={t('contact.callback.notes')}
          autosize
          minRows={3}
          maxLength={requestCallbackBodyNotesMax}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <SendControls problem={send.problem} pending={send.pending}>
          {t('forms.send')}
        </SendControls>
      </Stack>
    </form>
  );
}
