import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('config', () => {
  it('defaults to port 8080 on 127.0.0.1 with PGlite under .data/ and the catcher on 2525', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/apps\/server\/\.data$/);
    expect(c.mailCatcher).toEqual({ port: 2525 });
    expect(c.appOrigins).toEqual([
      'http://localhost:5173',
      'http://localhost:5174',
      'http://localhost:5175',
      'http://localhost:5176',
      'http://127.0.0.1:5173',
      'http://127.0.0.1:5174',
      'http://127.0.0.1:5175',
      'http://127.0.0.1:5176',
      'http://signup.localhost:5173',
    ]);
    expect(
      loadConfig({
        TEND_EXTRA_ORIGINS: 'https://patient.tend.example, https://admin.tend.example/',
      }).appOrigins.slice(-2),
    ).toEqual(['https://patient.tend.example', 'https://admin.tend.example']);
    expect(() => loadConfig({ TEND_EXTRA_ORIGINS: 'javascript:alert(1)' })).toThrow(/TEND_EXTRA_ORIGINS/);
  });

  it('knows the portal origins (where account e-mail links open) and the patient app for the rest', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.portalOrigins).toEqual([
      'http://localhost:5174',
      'http://127.0.0.1:5174',
      'http://localhost:5175',
      'http://127.0.0.1:5175',
      'http://localhost:5176',
      'http://127.0.0.1:5176',
    ]);
    expect(c.patientAppUrl).toBe('http://localhost:5174');
    const deployed = loadConfig({
      TEND_PORTAL_ORIGINS: 'https://care.tend.example/',
      TEND_PATIENT_APP_URL: 'https://me.tend.example',
    });
    expect(deployed.portalOrigins.at(-1)).toBe('https://care.tend.example');
    expect(deployed.appOrigins).toContain('https://care.tend.example');
    expect(deployed.patientAppUrl).toBe('https://me.tend.example');
    expect(() => loadConfig({ TEND_PORTAL_ORIGINS: 'javascript:alert(1)' })).toThrow(/TEND_PORTAL_ORIGINS/);
  });

  it('uses memory in tests and reads PORT, TEND_DATA_DIR and DATABASE_URL', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).dataDir).toBe('memory');
    const c = loadConfig({ PORT: '9000', TEND_DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TEND_MAINTENANCE_AT: 'soon' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const issues = (error as ConfigError).issues.join('\n');
      expect(issues).toContain('PORT');
      expect(issues).toContain('DATABASE_URL');
    }
    expect(() => loadConfig({ TEND_MAINTENANCE_AT: 'soon' })).toThrow(/TEND_MAINTENANCE_AT/);
  });

  it('refuses production with the Auth emulator variable set, without a secret or without SMTP', () => {
    const production = { NODE_ENV: 'production', TEND_SECRET: 'x'.repeat(40), SMTP_HOST: 'smtp.example.com' };
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
    expect(() => loadConfig({ ...production, TEND_SECRET: '' })).toThrow(/TEND_SECRET/);
    expect(() => loadConfig({ ...production, SMTP_HOST: '' })).toThrow(/SMTP_HOST/);
    expect(loadConfig(production).mailCatcher).toBeUndefined();
  });

  it('seeds the demo accounts (a published password) into an empty production database only when asked', () => {
    const production = { NODE_ENV: 'production', TEND_SECRET: 'x'.repeat(40), SMTP_HOST: 'smtp.example.com' };
    expect(loadConfig(production).seedOnStart).toBe(false);
    expect(loadConfig({ ...production, TEND_SEED: 'on' }).seedOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', TEND_SEED: 'off' }).seedOnStart).toBe(false);
  });

  it('reads the maintenance window as epoch milliseconds or an ISO date', () => {
    expect(
      loadConfig({ TEND_MAINTENANCE_AT: '1800000000000', TEND_MAINTENANCE_REASON: 'Upgrade' }).maintenance,
    ).toEqual({
      at: 1800000000000,
      reason: 'Upgrade',
    });
    expect(loadConfig({ TEND_MAINTENANCE_AT: '2027-01-01T00:00:00Z' }).maintenance.at).toBe(
      Date.parse('2027-01-01T00:00:00Z'),
    );
  });

  it('trusts forwarded client addresses only when told which proxies to believe', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TEND_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TEND_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TEND_TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });
});
