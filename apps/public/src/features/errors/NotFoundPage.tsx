import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('public');
  return (
    <PageLayout>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('notFound.heading')}</Title>
        <Text>{t('notFound.body')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </PageLayout>
  );
}
