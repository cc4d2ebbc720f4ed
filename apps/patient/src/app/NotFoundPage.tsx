import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@tend/i18n';
import { paths } from '../paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="md">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to={paths.home}>
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
