import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { returnToFrom, SignInPanel } from '@tend/auth';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /authentication/login: e-mail and password, the second factor, then back to where the visitor was going. */
export function LoginPage() {
  const { t } = useTranslation('therapist');
  const navigate = useNavigate();
  const { search } = useLocation();
  const returnTo = returnToFrom(search, paths.home);
  const onSignedIn = useCallback(() => {
    void navigate(returnTo, { replace: true });
  }, [navigate, returnTo]);
  return (
    <AuthLayout>
      <SignInPanel onSignedIn={onSignedIn} forgotPasswordPath={paths.forgotPassword} intro={<Text>{t('signIn.intro')}</Text>} />
    </AuthLayout>
  );
}
