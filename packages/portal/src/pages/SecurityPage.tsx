import { Stack, Text, Title } from '@mantine/core';
import { usePortalTranslation } from '../i18n.ts';
import { MfaSettings } from '@tend/auth';
import { usePortal, usePortalText } from '../context.ts';

/** /security: the second factors (list, add an authenticator app, e-mail codes, rename, delete). */
export function SecurityPage() {
  const { tp } = usePortalTranslation();
  const text = usePortalText();
  const { texts } = usePortal();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{tp('security.title')}</Title>
      <Text>{text(texts.securityIntro)}</Text>
      <MfaSettings />
    </Stack>
  );
}
