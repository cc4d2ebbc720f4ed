import { Alert, Button, Stack } from '@mantine/core';
import { useEmailUpdateConfirmation } from '@tend/domain/email';
import { ProblemAlert, toProblem } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { TokenPage, TokenPending } from '../../components/TokenPage.tsx';

/** `/email/update?token=…`: confirms an e-mail change by its JWT link (GET /email/update/jwt/{token}). */
export function EmailUpdatePage() {
  const { t } = useTranslation('public');
  return (
    <TokenPage heading={t('email.update.heading')}>{(token) => <Confirmation token={token} />}</TokenPage>
  );
}

function Confirmation({ token }: { token: string }) {
  const { t } = useTranslation('public');
  const update = useEmailUpdateConfirmation(token);
  if (update.isPending) {
    return <TokenPending label={t('email.update.confirming')} />;
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
