import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccessRequestType } from '@tend/api/model';
import { requestAccessQueryEmailMax, requestAccessQueryMessageMax } from '@tend/api/zod';
import { useSendAccessRequest } from '@tend/domain/contact';
import { useSubmit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { SendForm, SentPanel } from '../../components/SendStatus.tsx';
import { EmailInput, MessageInput } from '../../components/fields.tsx';
import { ContactPage } from './ContactPage.tsx';

const TYPES = [
  'patient',
  'organisation',
  'therapist',
  'research',
] as const satisfies readonly AccessRequestType[];

interface Values {
  type: AccessRequestType;
  email: string;
  message: string;
  isContactable: boolean;
}

/** Request access: type, message, e-mail, may we contact you (POST /contact/action/request-access/{type}). */
export function RequestAccessPage() {
  const { t } = useTranslation('public');
  const v = useValidators();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { type: 'patient', email: '', message: '', isContactable: false },
    validate: {
      email: v.compose(v.required(), v.email()),
      message: v.required(),
    },
  });
  const request = useSendAccessRequest();
  const send = useSubmit(request.mutateAsync, { form });
  const typeLabels: Record<AccessRequestType, string> = {
    patient: t('contact.access.types.patient'),
    organisation: t('contact.access.types.organisation'),
    therapist: t('contact.access.types.therapist'),
    research: t('contact.access.types.research'),
  };

  return (
    <ContactPage heading={t('contact.access.heading')}>
      {send.succeeded ? (
        <SentPanel
          againLabel={t('forms.sendAnother')}
          onAgain={() => {
            form.reset();
            send.reset();
          }}
        >
          {t('contact.access.success')}
        </SentPanel>
      ) : (
        <SendForm
          form={form}
          send={send}
          request={(values) => ({
            type: values.type,
            params: {
              email: values.email.trim(),
              message: values.message.trim(),
              isContactable: values.isContactable,
            },
          })}
        >
          <Text>{t('contact.access.intro')}</Text>
          <Radio.Group label={t('contact.access.type')} withAsterisk {...form.getInputProps('type')}>
            <Stack gap="xs" mt="xs">
              {TYPES.map((type) => (
                <Radio key={type} value={type} label={typeLabels[type]} />
              ))}
            </Stack>
          </Radio.Group>
          <MessageInput label={t('forms.message')} maxLength={requestAccessQueryMessageMax} form={form} />
          <EmailInput
            description={t('forms.emailDescription')}
            withAsterisk
            maxLength={requestAccessQueryEmailMax}
            form={form}
          />
          <Checkbox
            label={t('contact.access.isContactable')}
            {...form.getInputProps('isContactable', { type: 'checkbox' })}
          />
        </SendForm>
      )}
    </ContactPage>
  );
}
