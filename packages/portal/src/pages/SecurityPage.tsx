import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { usePortalTranslation } from '../i18n.ts';
import { MfaSettings, useAuth } from '@tend/auth';
import { usePortal, usePortalText } from '../context.ts';
import { portalPaths } from '../paths.ts';

/**
 * /security: the second factors (list, add an authenticator app, e-mail codes, rename, delete), and Sign out
 * (also in the account menu): on a shared phone, the way out is on a page too, not only behind a menu.
 */
export function SecurityPage() {
  const { tp } = usePortalTranslation();
  const text = usePortalText();
  const { texts } = usePortal();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{tp('security.title')}</Title>
      <Text>{text(texts.securityIntro)}</Text>
      <MfaSettings />
      <Stack gap="xs" component="section" aria-labelledby="security-sign-out">
        <Title order={2} id="security-sign-out">
          {tp('security.signOutTitle')}
        </Title>
        <Text>{tp('security.signOutBody')}</Text>
        <div>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => void signOut('user').then(() => navigate(portalPaths.login))}
          >
            {tp('security.signOut')}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
