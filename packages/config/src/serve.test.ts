import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { inject } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './compress.ts';
import { hostingSite } from './hosting.ts';
import { parseRuntimeConfig } from './runtimeSchema.ts';
import { acceptedEncodings, hostingHandler, isDeployed } from './serve.ts';

describe('acceptedEncodings', () => {
  it('lists brotli before gzip, honouring q=0 and *', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('isDeployed', () => {
  const site = hostingSite('patient', parseRuntimeConfig({}));
  it('leaves out dot files, source maps and precompressed copies', () => {
    expect(isDeployed(site, 'index.html')).toBe(true);
    expect(isDeployed(site, 'assets/index-AbC123xy.js')).toBe(true);
    expect(isDeployed(site, 'assets/index-AbC123xy.js.map')).toBe(false);
    expect(isDeployed(site, 'assets/index-AbC123xy.js.br')).toBe(false);
    expect(isDeployed(site, 'index.html.gz')).toBe(false);
    expect(isDeployed(site, '.vite/manifest.json')).toBe(false);
  });
});

describe('hostingHandler', () => {
  let root: string;
  let handler: ReturnType<typeof hostingHandler>;
  const page = '<!doctype html><title>Tend</title>' + '<p>shell</p>'.repeat(50);
  const login = '<!doctype html><title>Sign in</title>' + '<p>sign in</p>'.repeat(50);
  const script = 'export const x = 1;'.repeat(200);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tend-serve-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets', 'i18n'), { recursive: true });
    mkdirSync(join(dist, 'authentication'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'authentication', 'login.html'), login);
    writeFileSync(join(dist, 'assets', 'index-AbC123xy.js'), script);
    writeFileSync(join(dist, 'assets', 'index-AbC123xy.js.map'), '{}');
    writeFileSync(
      join(dist, 'assets', 'i18n', 'en.json'),
      JSON.stringify({ common: { a: 'b'.repeat(2000) } }),
    );
    await precompress(dist);
    const site = { ...hostingSite('patient', parseRuntimeConfig({})), public: relative(root, dist) };
    handler = hostingHandler({ site, root });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    inject(handler, { method: 'GET', url, headers });

  it('sends the brotli copy when accepted, gzip otherwise, the file itself when neither is', async () => {
    const br = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/assets/i18n/en.json', { 'accept-encoding': 'br' });
    const again = await get('/assets/i18n/en.json', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('applies the site rules: clean URLs, the shell for client routes, headers and cache rules', async () => {
    const signIn = await get('/authentication/login');
    expect(signIn.payload).toBe(login);
    expect(signIn.headers['cache-control']).toBe('no-cache');
    expect(signIn.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(signIn.headers['x-content-type-options']).toBe('nosniff');

    const route = await get('/moments/123');
    expect(route.statusCode).toBe(200);
    expect(route.payload).toBe(page);

    const asset = await get('/assets/index-AbC123xy.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeDefined();

    const translations = await get('/assets/i18n/en.json');
    expect(translations.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing hashed file and never serves what a deployment leaves out', async () => {
    expect((await get('/assets/gone-12345678.js')).statusCode).toBe(404);
    expect((await get('/assets/index-AbC123xy.js.map')).statusCode).toBe(404);
    expect((await get('/assets/index-AbC123xy.js.br')).statusCode).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).payload).not.toMatch(/root:/);
  });
});
