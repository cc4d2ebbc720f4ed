import { DEFAULT_LOGIN_PATH } from '@tend/auth';

/** The paths every signed-in portal has (each app adds its own beside them). */
export const portalPaths = {
  home: '/',
  login: DEFAULT_LOGIN_PATH,
  forgotPassword: '/authentication/forgot-password',
  security: '/security',
  /** The e-mail change link the server mails: `<app origin>/account/confirm-email?id=<token>`. */
  confirmEmail: '/account/confirm-email',
} as const;
