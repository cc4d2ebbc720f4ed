import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useEmailUpdateConfirmation } from '@tend/domain/email';
import { ProblemAlert, toProblem } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';
import { MissingTokenAlert } from '../../components/SendStatus.tsx';

/** `/email/update?token=…`: confirms an e-mail change by its JWT link (GET /email/update/jwt/{token}). */
export function EmailUpdatePage() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{t('email.update.heading')}</Title>
        {token ? <Confirmation token={token} /> : <MissingTokenAlert />}
      </Stack>
    </PageLayout>
  );
}

function Confirmation({ token }: { token: string }) {
  const { t } = useTranslation('public');
  const update = useEmailUpdateConfirmation(token);
  if (update.isPending) {
    return (
      <Stack gap="sm" align="flex-start" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('email.update.confirming')}</Text>
      </Stack>
    );
  }
  if (update.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <ProblemAlert problem={toProblem(update.error)} message={t('email.update.failed')} />
        <Button variant="default" onClick={() => void update.refetch()}>
          {t('email.update.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Alert color="tend" variant="light" role="status">
      {t('email.update.success')}
    </Alert>
  );
}
