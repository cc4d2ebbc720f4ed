import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePortal, usePortalText } from '@tend/portal';
import { useTranslation } from '@tend/i18n';
import { PageFrame, ServerStatusBanner } from '@tend/ui';
import { paths } from '../../paths.ts';

/** /account/deleted: after the account's deletion (signed out), what happened and where help is. */
export function AccountDeletedPage() {
  const { t } = useTranslation('patient');
  const text = usePortalText();
  const { texts, signedOutHeaderActions: HeaderActions } = usePortal();
  return (
    <PageFrame
      size={460}
      headerSize="100%"
      header={
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {text(texts.appName)}
          </Text>
          {HeaderActions ? <HeaderActions /> : null}
        </Group>
      }
      banner={<ServerStatusBanner />}
    >
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1}>{t('account.deleted.title')}</Title>
          <Text>{t('account.deleted.body')}</Text>
          <Anchor component={Link} to={paths.login}>
            {t('account.deleted.signIn')}
          </Anchor>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
