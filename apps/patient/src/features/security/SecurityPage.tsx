import { Stack, Text, Title } from '@mantine/core';
import { MfaSettings } from '@tend/auth';
import { useTranslation } from '@tend/i18n';

/** /security: the second factors (list, add an authenticator app, e-mail codes, rename, delete). */
export function SecurityPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('security.title')}</Title>
      <Text>{t('security.intro')}</Text>
      <MfaSettings />
    </Stack>
  );
}
