import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '@tend/portal';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/** /account/deleted: after the account's deletion (signed out), what happened and where help is. */
export function AccountDeletedPage() {
  const { t } = useTranslation('patient');
  return (
    <AuthLayout>
      <Stack>
        <Title order={1}>{t('account.deleted.title')}</Title>
        <Text>{t('account.deleted.body')}</Text>
        <Anchor component={Link} to={paths.login}>
          {t('account.deleted.signIn')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
