/** Every path of the patient app, in one place. */
export const paths = {
  home: '/',
  login: '/authentication/login',
  forgotPassword: '/authentication/forgot-password',
  security: '/security',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
