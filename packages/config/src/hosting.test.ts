import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COLOR_SCHEME_SCRIPT_HASH,
  contentSecurityPolicy,
  cspSource,
  FIREBASE_AUTH_ORIGINS,
  hostingConfig,
  hostingSite,
  PRERENDERED_PAGES,
  securityHeaders,
  shellFile,
} from './hosting.ts';
import { COLOR_SCHEME_SCRIPT } from './colorScheme.ts';
import { APP_NAMES } from './ports.ts';
import { parseRuntimeConfig } from './runtimeSchema.ts';

/** The policy as a map: directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const local = parseRuntimeConfig({});
const production = parseRuntimeConfig({
  VITE_TEND_ENV: 'production',
  VITE_TEND_API_ROOT: 'https://api.tend.example/v1',
  VITE_TEND_STATUS_HOST: 'https://status.tend.example',
});

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles from the app only, and refuses everything not named', () => {
    for (const app of APP_NAMES) {
      const policy = contentSecurityPolicy(app, local);
      const d = directives(policy);
      expect(d.get('default-src')).toEqual(["'none'"]);
      expect(d.get('script-src')).toEqual(["'self'", COLOR_SCHEME_SCRIPT_HASH]);
      expect(d.get('style-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('form-action')).toEqual(["'self'"]);
      expect(d.get('require-trusted-types-for')).toEqual(["'script'"]);
      // Only the patient app registers a service worker, through its own policy.
      expect(d.get('trusted-types')).toEqual(app === 'patient' ? ['dompurify', 'tend-sw'] : ['dompurify']);
      expect(policy).not.toMatch(/unsafe-|nonce-/);
      expect(policy.match(/sha256-/g)).toHaveLength(1);
    }
  });

  it('connects to the app, the API, the status host and the Auth emulator locally', () => {
    const d = directives(contentSecurityPolicy('patient', local));
    expect(d.get('connect-src')).toEqual(["'self'", 'http://localhost:8080', 'http://127.0.0.1:9099']);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:8080']);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('connects to Firebase Auth in production, never to an emulator, and upgrades insecure requests', () => {
    const d = directives(contentSecurityPolicy('admin', production));
    expect(d.get('connect-src')).toEqual([
      "'self'",
      'https://api.tend.example/v1/',
      'https://status.tend.example',
      ...FIREBASE_AUTH_ORIGINS,
    ]);
    expect(d.get('img-src')).toContain('https://api.tend.example/v1/');
    expect(d.has('upgrade-insecure-requests')).toBe(true);
    expect(d.get('report-uri')).toEqual(['https://api.tend.example/v1/csp-reports']);
    expect(d.get('report-to')).toEqual(['csp']);
  });

  it('lets only the patient app have a service worker and a manifest', () => {
    for (const app of APP_NAMES) {
      const d = directives(contentSecurityPolicy(app, local));
      const expected = app === 'patient' ? ["'self'"] : ["'none'"];
      expect(d.get('worker-src')).toEqual(expected);
      expect(d.get('manifest-src')).toEqual(expected);
    }
  });
});

describe('the inline colour-scheme script', () => {
  it('is allowed by its SHA-256 and by nothing broader', () => {
    const expected = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    expect(COLOR_SCHEME_SCRIPT_HASH).toBe(`'sha256-${expected}'`);
  });
});

describe('cspSource', () => {
  it('is the origin, with the path as a prefix when there is one', () => {
    expect(cspSource('http://localhost:8080')).toBe('http://localhost:8080');
    expect(cspSource('https://api.example.com/')).toBe('https://api.example.com');
    expect(cspSource('https://api.example.com/v1')).toBe('https://api.example.com/v1/');
  });
});

describe('securityHeaders', () => {
  it('has every header the apps are served with', () => {
    const headers = new Map(securityHeaders('public', production).map((h) => [h.key, h.value]));
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(headers.get('Permissions-Policy')).toMatch(/camera=\(\), .*microphone=\(\)/);
    expect(headers.get('Reporting-Endpoints')).toBe('csp="https://api.tend.example/v1/csp-reports"');
  });
});

describe('hostingSite', () => {
  it('serves the prerendered pages at their paths and every other page with the shell', () => {
    const site = hostingSite('public', local);
    expect(site.public).toBe('apps/public/dist');
    expect(site.rewrites).toEqual([
      { source: '/signup', destination: '/index.html' },
      { source: '/openid/guide/[iI][oO][sS]/*', destination: '/install-guide-ios.html' },
      { source: '/openid/guide/*', destination: '/install-guide.html' },
      { source: '/openid/guide/*/*', destination: '/install-guide.html' },
      { source: '/!(assets){,/**}', destination: '/app.html' },
    ]);
    expect(hostingSite('therapist', local).rewrites).toEqual([
      { source: '/!(assets){,/**}', destination: '/index.html' },
    ]);
  });

  it('keeps the shell apart from a prerendered index.html', () => {
    expect(shellFile('public')).toBe('app.html');
    for (const app of ['patient', 'therapist', 'admin'] as const) {
      expect(shellFile(app)).toBe('index.html');
      expect(PRERENDERED_PAGES[app].map((p) => p.route)).toEqual(['/authentication/login']);
    }
  });

  it('revalidates everything but the hashed files, which are immutable (the later rule wins)', () => {
    const [all, hashed] = hostingSite('admin', local).headers;
    expect(all?.source).toBe('**');
    expect(all?.headers.find((h) => h.key === 'Cache-Control')?.value).toBe('no-cache');
    expect(hashed).toEqual({
      source: '/assets/*',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    });
  });
});

describe('firebase.json', () => {
  it('has the hosting sites of the default (local) configuration: run `npm run hosting` after changing hosting.ts', () => {
    const file = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'firebase.json'), 'utf8'),
    ) as {
      hosting: unknown;
      emulators: unknown;
    };
    expect(file.hosting).toEqual(hostingConfig(parseRuntimeConfig({})));
    expect(file.emulators).toBeDefined();
  });
});
