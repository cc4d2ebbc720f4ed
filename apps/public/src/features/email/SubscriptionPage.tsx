import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { subscribeEmailPathEmailMax } from '@tend/api/zod';
import { useEmailSubscription, type SubscriptionChange } from '@tend/domain/email';
import { useSubmit } from '@tend/domain';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { SendControls, SentPanel } from '../../components/SendStatus.tsx';
import { onSubmitOrFocus } from '../../components/focusFirstError.ts';

/** `/email/subscribe?email=…` (PUT /email/subscribe/{email}). */
export function SubscribePage() {
  return <SubscriptionPage mode="subscribe" />;
}

/** `/email/unsubscribe?email=…` (PUT /email/unsubscribe/{email}). */
export function UnsubscribePage() {
  return <SubscriptionPage mode="unsubscribe" />;
}

function SubscriptionPage({ mode }: { mode: SubscriptionChange }) {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const v = useValidators();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: params.get('email')?.trim() ?? '' },
    validate: { email: v.compose(v.required(), v.email()) },
  });
  const change = useEmailSubscription(mode);
  const send = useSubmit(change.mutateAsync, { form });
  const text =
    mode === 'subscribe'
      ? { heading: t('email.subscribe.heading'), intro: t('email.subscribe.intro'), submit: t('email.subscribe.submit') }
      : { heading: t('email.unsubscribe.heading'), intro: t('email.unsubscribe.intro'), submit: t('email.unsubscribe.submit') };

  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{text.heading}</Title>
        {send.succeeded ? (
          <SentPanel>
            {mode === 'subscribe'
              ? t('email.subscribe.success', { email: form.values.email.trim() })
              : t('email.unsubscribe.success', { email: form.values.email.trim() })}
          </SentPanel>
        ) : (
          <form noValidate onSubmit={onSubmitOrFocus(form, (values) => void send.submit(values.email.trim()))}>
            <Stack gap="md">
              <Text>{text.intro}</Text>
              <TextInput
                type="email"
                autoComplete="email"
                label={t('forms.email')}
                withAsterisk
                maxLength={subscribeEmailPathEmailMax}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <SendControls problem={send.problem} pending={send.pending}>
                {text.submit}
              </SendControls>
            </Stack>
          </form>
        )}
      </Stack>
    </PageLayout>
  );
}
