import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { reportErrorSafely, usePageTitle } from '@tend/ui';
import { PageLayout } from '../components/PageLayout.tsx';

/** Shown when a route fails to load or render: logged and reported as 'Navigation failed' (spec section 8). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('public');
  useEffect(() => {
    console.error('Navigation failed', error);
    reportErrorSafely('Navigation failed', error, { page: 'route' });
  }, [error]);
  usePageTitle(t('titles.navigationFailed'));
  return (
    <PageLayout>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('navigationFailed.heading')}</Title>
        <Text>{t('navigationFailed.body')}</Text>
        <Text>{t('errors.urgentHelp')}</Text>
        <Button onClick={() => window.location.reload()}>{t('navigationFailed.reload')}</Button>
      </Stack>
    </PageLayout>
  );
}
