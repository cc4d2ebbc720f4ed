import { Checkbox, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRequestAccess, type AccessRequestType } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { SendFailedAlert, SentPanel, SubmitButton } from '../../components/SendStatus.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';

const TYPES = ['patient', 'organisation', 'therapist', 'research'] as const satisfies readonly AccessRequestType[];

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
  const send = useRequestAccess();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { type: 'patient', email: '', message: '', isContactable: false },
    validate: {
      email: v.compose(v.required(), v.email()),
      message: v.required(),
    },
  });
  const typeLabels: Record<AccessRequestType, string> = {
    patient: t('contact.access.types.patient'),
    organisation: t('contact.access.types.organisation'),
    therapist: t('contact.access.types.therapist'),
    research: t('contact.access.types.research'),
  };

  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{t('contact.access.heading')}</Title>
        {send.isSuccess ? (
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
          <form
            noValidate
            onSubmit={form.onSubmit(
              (values) =>
                send.mutate({
                  type: values.type,
                  params: { email: values.email.trim(), message: values.message.trim(), isContactable: values.isContactable },
                }),
              (errors) => focusFirstError(errors, form.getInputNode),
            )}
          >
            <Stack gap="md">
              <Text>{t('contact.access.intro')}</Text>
              <Radio.Group label={t('contact.access.type')} withAsterisk {...form.getInputProps('type')}>
                <Stack gap="xs" mt="xs">
                  {TYPES.map((type) => (
                    <Radio key={type} value={type} label={typeLabels[type]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea
                label={t('forms.message')}
                description={t('forms.messageDescription')}
                withAsterisk
                autosize
                minRows={4}
                maxLength={2000}
                key={form.key('message')}
                {...form.getInputProps('message')}
              />
              <TextInput
                type="email"
                autoComplete="email"
                label={t('forms.email')}
                description={t('forms.emailDescription')}
                withAsterisk
                maxLength={254}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Checkbox label={t('contact.access.isContactable')} {...form.getInputProps('isContactable', { type: 'checkbox' })} />
              {send.isError && <SendFailedAlert error={send.error} />}
              <SubmitButton pending={send.isPending}>{t('forms.send')}</SubmitButton>
            </Stack>
          </form>
        )}
        <Text size="sm">{t('contact.urgent')}</Text>
      </Stack>
    </PageLayout>
  );
}
