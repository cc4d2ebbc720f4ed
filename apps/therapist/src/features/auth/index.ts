import type { RouteObject } from 'react-router';
import { rules, type TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

const signInHandle: TendRouteHandle = { title: tk('titles.signIn'), guard: rules.signedOut('/') };
const forgotHandle: TendRouteHandle = { title: tk('titles.forgotPassword'), guard: rules.public };

/** The signed-out pages: sign-in (with the second factor) and forgotten password. */
export const authRoutes: RouteObject[] = [
  {
    path: 'authentication/login',
    handle: signInHandle,
    lazy: async () => ({ Component: (await import('./LoginPage.tsx')).LoginPage }),
  },
  {
    path: 'authentication/forgot-password',
    handle: forgotHandle,
    lazy: async () => ({ Component: (await import('./ForgotPasswordPage.tsx')).ForgotPasswordPage }),
  },
];
