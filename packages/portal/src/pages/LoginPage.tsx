import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { SignInPanel, returnToFrom } from '@tend/auth';
import { AuthLayout } from '../AuthLayout.tsx';
import { usePortal, usePortalText } from '../context.ts';
import { portalPaths } from '../paths.ts';

/** /authentication/login: e-mail and password, the second factor, then back to where the visitor was going. */
export function LoginPage() {
  const text = usePortalText();
  const { texts, signInFooter: Footer } = usePortal();
  const navigate = useNavigate();
  const { search } = useLocation();
  const returnTo = returnToFrom(search, portalPaths.home);
  const onSignedIn = useCallback(() => {
    void navigate(returnTo, { replace: true });
  }, [navigate, returnTo]);
  return (
    <AuthLayout>
      <SignInPanel
        onSignedIn={onSignedIn}
        forgotPasswordPath={portalPaths.forgotPassword}
        intro={<Text>{text(texts.signInIntro)}</Text>}
      />
      {Footer ? <Footer /> : null}
    </AuthLayout>
  );
}
