import { describe, expect, it } from 'vitest';
import { appLink, DEFAULT_RUNTIME_CONFIG, getRuntimeConfig, initRuntimeConfig } from './runtime.ts';
import { parseRuntimeConfig, RuntimeConfigError } from './runtimeSchema.ts';

describe('parseRuntimeConfig', () => {
  it('has the documented defaults', () => {
    const c = parseRuntimeConfig({});
    expect(c.apiRoot).toBe('http://localhost:8080');
    expect(c.statusHost).toBe('http://localhost:8080');
    expect(c.firebase.projectId).toBe('demo-tend');
    expect(c.authEmulatorUrl).toBe('http://127.0.0.1:9099');
    expect(c.signupHost).toBe('signup.localhost');
    expect(c.maintenanceBypass).toBe(false);
    expect(c.appScheme).toBe('tend');
  });

  it('reads overrides and trims trailing slashes', () => {
    const c = parseRuntimeConfig({
      VITE_TEND_API_ROOT: 'https://api.tend.app/',
      VITE_TEND_STATUS_HOST: 'https://status.tend.app',
      VITE_TEND_MAINTENANCE_BYPASS: 'true',
      VITE_TEND_SIGNUP_HOST: 'Signup.Tend.App',
      VITE_TEND_IDLE_TIMEOUT_MS: '5000',
    });
    expect(c.apiRoot).toBe('https://api.tend.app');
    expect(c.statusHost).toBe('https://status.tend.app');
    expect(c.maintenanceBypass).toBe(true);
    expect(c.signupHost).toBe('signup.tend.app');
    expect(c.idleTimeoutMs).toBe(5000);
  });

  it('has push messaging only when the VAPID key, sender and app ids are all given', () => {
    expect(parseRuntimeConfig({}).push).toBeUndefined();
    expect(
      parseRuntimeConfig({ VITE_TEND_PUSH_VAPID_KEY: 'BKey', VITE_TEND_FIREBASE_MESSAGING_SENDER_ID: '123' })
        .push,
    ).toBeUndefined();
    expect(
      parseRuntimeConfig({
        VITE_TEND_PUSH_VAPID_KEY: 'BKey',
        VITE_TEND_FIREBASE_MESSAGING_SENDER_ID: '123',
        VITE_TEND_FIREBASE_APP_ID: '1:123:web:abc',
      }).push,
    ).toEqual({ vapidKey: 'BKey', messagingSenderId: '123', appId: '1:123:web:abc' });
  });

  it('status host defaults to the API root', () => {
    expect(parseRuntimeConfig({ VITE_TEND_API_ROOT: 'https://api.example' }).statusHost).toBe(
      'https://api.example',
    );
  });

  it('refuses invalid values with the variable named', () => {
    expect(() => parseRuntimeConfig({ VITE_TEND_API_ROOT: 'not a url' })).toThrow(/VITE_TEND_API_ROOT/);
    expect(() => parseRuntimeConfig({ VITE_TEND_MAINTENANCE_BYPASS: 'yes' })).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ VITE_TEND_APP_SCHEME: 'Tend App' })).toThrow(/VITE_TEND_APP_SCHEME/);
  });

  it('never uses the Auth emulator in production', () => {
    expect(parseRuntimeConfig({ VITE_TEND_ENV: 'production' }).authEmulatorUrl).toBeUndefined();
    expect(() =>
      parseRuntimeConfig({ VITE_TEND_ENV: 'production', VITE_TEND_AUTH_EMULATOR: 'http://127.0.0.1:9099' }),
    ).toThrow(/production/);
    expect(parseRuntimeConfig({ VITE_TEND_AUTH_EMULATOR: 'off' }).authEmulatorUrl).toBeUndefined();
  });

  it('builds app deep links', () => {
    expect(appLink({ appScheme: 'tend' }, '/open')).toBe('tend://open');
  });
});

describe('DEFAULT_RUNTIME_CONFIG', () => {
  it('is what the variables give when none is set', () => {
    expect(DEFAULT_RUNTIME_CONFIG).toEqual(parseRuntimeConfig({}));
  });
});

describe('initRuntimeConfig', () => {
  it('keeps the configuration it is given and turns off zod’s eval probe (the apps’ CSP forbids eval)', async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG, apiRoot: 'https://api.example' };
    expect(initRuntimeConfig(config)).toBe(config);
    expect(getRuntimeConfig().apiRoot).toBe('https://api.example');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
  });
});
