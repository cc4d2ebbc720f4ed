import { Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { subscribeEmailPathEmailMax } from '@tend/api/zod';
import { useEmailSubscription, type SubscriptionChange } from '@tend/domain/email';
import { useSubmit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { SendForm, SentPanel } from '../../components/SendStatus.tsx';
import { EmailInput } from '../../components/fields.tsx';

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
  const send = useSubmit((email: string) => change.mutateAsync({ email }), { form });
  const text =
    mode === 'subscribe'
      ? {
          heading: t('email.subscribe.heading'),
          intro: t('email.subscribe.intro'),
          submit: t('email.subscribe.submit'),
        }
      : {
          heading: t('email.unsubscribe.heading'),
          intro: t('email.unsubscribe.intro'),
          submit: t('email.unsubscribe.submit'),
        };

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
          <SendForm
            form={form}
            send={send}
            submitLabel={text.submit}
            request={(values) => values.email.trim()}
          >
            <Text>{text.intro}</Text>
            <EmailInput withAsterisk maxLength={subscribeEmailPathEmailMax} form={form} />
          </SendForm>
        )}
      </Stack>
    </PageLayout>
  );
}
