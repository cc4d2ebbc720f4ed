import { ForgotPasswordPanel } from '@tend/auth';
import { AuthLayout } from '../AuthLayout.tsx';
import { portalPaths } from '../paths.ts';

/** /authentication/forgot-password: request-change-password. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <ForgotPasswordPanel signInPath={portalPaths.login} />
    </AuthLayout>
  );
}
