import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useAuthClient } from '@tend/auth';
import { useTranslation } from '@tend/i18n';
import { AuthLayout } from '@tend/portal';
import { paths } from '../../paths.ts';
import { forgetHandover, handoverFrom, redeemOnce } from './handover.ts';

/**
 * /authentication/welcome#handover=<token>: the sign-up's last step opens the patient app here, with a
 * single-use hand-over the server made for the new account (in the fragment: never sent to a server, never
 * in a referrer). The page takes it out of the address bar at once, signs in with it (POST
 * /iams/auth/handover) and goes home, where the first-run welcome starts. When it cannot (used, expired,
 * missing), it says plainly to sign in once with the password just chosen.
 */
export function HandoverPage() {
  const { t } = useTranslation('patient');
  const client = useAuthClient();
  const navigate = useNavigate();
  // Read once, before the address bar is cleaned.
  const { hash } = useLocation();
  const [handover] = useState(() => handoverFrom(hash));
  const [failed, setFailed] = useState(handover === null);

  useEffect(() => {
    forgetHandover();
    if (handover === null) return;
    let current = true;
    redeemOnce(client, handover).then(
      () => {
        if (current) void navigate(paths.home, { replace: true });
      },
      (error: unknown) => {
        console.warn('Sign-in hand-over refused', error instanceof Error ? error.message : error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [client, handover, navigate]);

  return (
    <AuthLayout>
      <Stack>
        <Title order={1}>{t('handover.title')}</Title>
        {failed ? (
          <>
            <Text>{t('handover.failed')}</Text>
            <Group>
              <Button component={Link} to={paths.login} replace>
                {t('handover.signIn')}
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('handover.working')}</Text>
          </Group>
        )}
      </Stack>
    </AuthLayout>
  );
}
