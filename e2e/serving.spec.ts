/**
 * The four apps as `npm start` serves them (scripts/serve.ts with the sites of firebase.json): every route of
 * every app carries the security headers, pages and translations are revalidated, hashed files are immutable,
 * and everything compressible comes precompressed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { contentSecurityPolicy, PRERENDERED_PAGES } from '../packages/config/src/hosting.ts';
import { APP_NAMES, APP_PORTS, type AppName } from '../packages/config/src/ports.ts';
import { parseRuntimeConfig } from '../packages/config/src/runtimeSchema.ts';

const ROOT = join(import.meta.dirname, '..');

/**
 * Every route of an app: the paths of its `src/paths.ts` (and, for a portal, the portal's own paths), a
 * parameter filled with `demo`, plus its prerendered pages and a path no route has. Read from the source
 * text: the paths modules import the apps' React code, which the test runner does not load.
 */
function routesOf(app: AppName): string[] {
  const files = [join(ROOT, 'apps', app, 'src', 'paths.ts')];
  if (app !== 'public') files.push(join(ROOT, 'packages', 'portal', 'src', 'paths.ts'));
  const paths = new Set<string>(['/', '/no-such-page', ...PRERENDERED_PAGES[app].map((p) => p.route)]);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['`](\/[^'`\s]*)['`]/g)) paths.add(m[1]!.replace(/\$\{[^}]*\}/g, 'demo'));
  }
  return [...paths];
}

const SECURITY_HEADERS: Record<string, string | RegExp> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': /(^|, )camera=\(\)(,|$).*microphone=\(\)/,
  'reporting-endpoints': 'csp="http://localhost:8080/csp-reports"',
};

function expectSecurityHeaders(app: AppName, res: APIResponse, what: string) {
  const headers = res.headers();
  // The policy of the configuration the apps were built with (npm start and npm test build with the defaults).
  expect(headers['content-security-policy'], `${what}: Content-Security-Policy`).toBe(
    contentSecurityPolicy(app, parseRuntimeConfig({})),
  );
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (typeof value === 'string') expect(headers[name], `${what}: ${name}`).toBe(value);
    else expect(headers[name], `${what}: ${name}`).toMatch(value);
  }
}

const get = (request: APIRequestContext, url: string) =>
  request.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' }, maxRedirects: 0 });

for (const app of APP_NAMES) {
  const origin = `http://localhost:${APP_PORTS[app]}`;

  test(`${app}: every route is a page with the security headers, revalidated, precompressed`, async ({
    request,
  }) => {
    for (const route of routesOf(app)) {
      const res = await get(request, `${origin}${route}`);
      expect(res.status(), route).toBe(200);
      expect(res.headers()['content-type'], route).toMatch(/^text\/html/);
      expect(res.headers()['cache-control'], `${route}: pages are revalidated`).toBe('no-cache');
      expect(res.headers()['content-encoding'], route).toBe('br');
      expect(res.headers()['vary'], route).toBe('Accept-Encoding');
      expectSecurityHeaders(app, res, route);
    }
  });

  test(`${app}: hashed files are immutable, translations revalidated, a missing chunk is a 404`, async ({
    request,
  }) => {
    const page = await (await get(request, `${origin}/`)).text();
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"?]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of new Set(assets)) {
      const res = await get(request, `${origin}${asset}`);
      expect(res.status(), asset).toBe(200);
      expect(res.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      // Precompressed, unless brotli cannot make the file smaller (a chunk of a few hundred bytes is sent as it is;
      // a WOFF2 font, preloaded by the entry pages, is compressed already).
      if (res.headers()['content-encoding'] !== 'br' && !asset.endsWith('.woff2'))
        expect((await res.body()).length, `${asset} is sent uncompressed`).toBeLessThan(512);
      expectSecurityHeaders(app, res, asset);
    }

    const translations = await get(request, `${origin}/assets/i18n/en.json`);
    expect(translations.headers()['cache-control']).toBe('no-cache');
    expect(translations.headers()['content-type']).toMatch(/^application\/json/);
    const etag = translations.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get(`${origin}/assets/i18n/en.json`, {
      headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag! },
    });
    expect(again.status()).toBe(304);

    // The entry script (large enough to compress), found in the page.
    const entry = assets.find((a) => /\/index-[^/]+\.js$/.test(a)) ?? assets.find((a) => a.endsWith('.js'));
    const gzip = await request.get(`${origin}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');

    const missing = await get(request, `${origin}/assets/no-such-chunk-12345678.js`);
    expect(missing.status()).toBe(404);
    const sourceMap = await get(request, `${origin}${assets.find((a) => a.endsWith('.js'))}.map`);
    expect(sourceMap.status(), 'source maps are not served').toBe(404);
  });
}

test('public: the prerendered pages are served at their routes, whatever the client', async ({ request }) => {
  const origin = `http://localhost:${APP_PORTS.public}`;
  for (const [route, heading] of [
    ['/signup', 'Join Tend'],
    ['/', 'Join Tend'],
    ['/openid/guide/demo', 'Install the Tend app'],
    ['/openid/guide/ios/another-client', 'Install the Tend app'],
  ] as const) {
    const html = await (await get(request, `${origin}${route}`)).text();
    expect(html, route).toContain(`<h1`);
    expect(html, route).toContain(heading);
    expect(html, route).toMatch(/<div id="root" inert data-prerendered=/);
  }
  const ios = await (await get(request, `${origin}/openid/guide/ios/another-client`)).text();
  expect(ios).toContain('/assets/images/guide/app-store.png');
  const contact = await (await get(request, `${origin}/contact/access`)).text();
  expect(contact, 'other routes get the plain shell').toContain('<div id="root"></div>');
});
