import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { useSubscribeEmail, useUnsubscribeEmail } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { SendFailedAlert, SentPanel, SubmitButton } from '../../components/SendStatus.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';

type Mode = 'subscribe' | 'unsubscribe';

/** `/email/subscribe?email=…` (PUT /email/subscribe/{email}). */
export function SubscribePage() {
  return <SubscriptionPage mode="subscribe" />;
}

/** `/email/unsubscribe?email=…` (PUT /email/unsubscribe/{email}). */
export function UnsubscribePage() {
  return <SubscriptionPage mode="unsubscribe" />;
}

function SubscriptionPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const v = useValidators();
  const subscribe = useSubscribeEmail();
  const unsubscribe = useUnsubscribeEmail();
  const send = mode === 'subscribe' ? subscribe : unsubscribe;
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: params.get('email')?.trim() ?? '' },
    validate: { email: v.compose(v.required(), v.email()) },
  });
  const text =
    mode === 'subscribe'
      ? { heading: t('email.subscribe.heading'), intro: t('email.subscribe.intro'), submit: t('email.subscribe.submit') }
      : { heading: t('email.unsubscribe.heading'), intro: t('email.unsubscribe.intro'), submit: t('email.unsubscribe.submit') };

  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{text.heading}</Title>
        {send.isSuccess ? (
          <SentPanel>
            {mode === 'subscribe'
              ? t('email.subscribe.success', { email: form.values.email.trim() })
              : t('email.unsubscribe.success', { email: form.values.email.trim() })}
          </SentPanel>
        ) : (
          <form
            noValidate
            onSubmit={form.onSubmit(
              (values) => send.mutate({ email: values.email.trim() }),
              (errors) => focusFirstError(errors, form.getInputNode),
            )}
          >
            <Stack gap="md">
              <Text>{text.intro}</Text>
              <TextInput
                type="email"
                autoComplete="email"
                label={t('forms.email')}
                withAsterisk
                maxLength={254}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              {send.isError && <SendFailedAlert error={send.error} />}
              <SubmitButton pending={send.isPending}>{text.submit}</SubmitButton>
            </Stack>
          </form>
        )}
      </Stack>
    </PageLayout>
  );
}
