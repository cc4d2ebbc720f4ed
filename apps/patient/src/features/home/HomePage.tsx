import { Alert, Stack, Text, Title } from '@mantine/core';
import { useGetAccountSummary } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';

/** The signed-in home: a greeting by name (from /iams/account-details/summary). */
export function HomePage() {
  const { t } = useTranslation('patient');
  const summary = useGetAccountSummary();
  if (summary.isPending) return <PageLoader />;
  const name = summary.data ? summary.data.firstName || summary.data.screenName || '' : '';
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{name ? t('home.greeting', { name }) : t('home.greetingNoName')}</Title>
      {summary.isError ? (
        <Alert color="yellow" role="alert">
          {t('home.loadFailed')}
        </Alert>
      ) : null}
      <Text>{t('home.intro')}</Text>
    </Stack>
  );
}
