import { Stack, Text, Title } from '@mantine/core';
import { RegionHelp } from '@tend/domain/regions';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';

export function RegionErrorPage() {
  const { t } = useTranslation('public');
  return (
    <PageLayout>
      <Stack gap="md">
        <Title order={1}>{t('regionError.heading')}</Title>
        <Text>{t('regionError.body')}</Text>
        <RegionHelp />
      </Stack>
    </PageLayout>
  );
}
