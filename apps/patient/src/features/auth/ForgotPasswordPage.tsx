import { ForgotPasswordPanel } from '@tend/auth';
import { paths } from '../../paths.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /authentication/forgot-password: request-change-password. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <ForgotPasswordPanel signInPath={paths.login} />
    </AuthLayout>
  );
}
