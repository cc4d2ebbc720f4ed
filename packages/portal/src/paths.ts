import { LOGIN_PATH } from '@tend/ui';

/** The paths every signed-in portal has (each app adds its own beside them). */
export const portalPaths = {
  home: '/',
  login: LOGIN_PATH,
  forgotPassword: '/authentication/forgot-password',
  security: '/security',
  /** Where a visitor from a region the service does not serve is sent (GET /regions, @tend/domain/regions). */
  regionError: '/regionerror',
  /** The e-mail change link the server mails: `<app origin>/account/confirm-email?id=<token>`. */
  confirmEmail: '/account/confirm-email',
} as const;
