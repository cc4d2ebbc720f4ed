import { Stack, Text, Title } from '@mantine/core';
import { useAuthTranslation } from '../../i18n.ts';
import { MfaSettings } from '../../mfa/containers.tsx';
import { usePortal, usePortalText } from '../context.ts';

/** /security: the second factors (list, add an authenticator app, e-mail codes, rename, delete). */
export function SecurityPage() {
  const { ta } = useAuthTranslation();
  const text = usePortalText();
  const { texts } = usePortal();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{ta('portal.security.title')}</Title>
      <Text>{text(texts.securityIntro)}</Text>
      <MfaSettings />
    </Stack>
  );
}
