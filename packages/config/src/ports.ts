/** Fixed local ports of the product: the apps (dev and preview alike), the server and the Auth emulator. */
export const APP_PORTS = {
  public: 5173,
  patient: 5174,
  therapist: 5175,
  admin: 5176,
} as const;

export type AppName = keyof typeof APP_PORTS;
export const APP_NAMES = Object.keys(APP_PORTS) as AppName[];

export const SERVER_PORT = 8080;
export const AUTH_EMULATOR_PORT = 9099;
export const FIREBASE_PROJECT_ID = 'demo-tend';

/** The origins the server accepts (CORS) and the start script serves, one per app. */
export function appOrigins(hostname = 'localhost'): string[] {
  return APP_NAMES.map((name) => `http://${hostname}:${APP_PORTS[name]}`);
}

/** The dedicated sign-up host locally (the public app, served on its port under another host name). */
export const LOCAL_SIGNUP_HOST = 'signup.localhost';

/** Every origin the local product serves an app from: the four apps on localhost and 127.0.0.1, and the sign-up host. */
export function localOrigins(): string[] {
  return [
    ...appOrigins('localhost'),
    ...appOrigins('127.0.0.1'),
    `http://${LOCAL_SIGNUP_HOST}:${APP_PORTS.public}`,
  ];
}
