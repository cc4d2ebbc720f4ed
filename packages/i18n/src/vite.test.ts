// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tendI18n } from './vite.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tend-i18n-vite-'));
  mkdirSync(join(root, 'src/locales'), { recursive: true });
  mkdirSync(join(root, 'common/en'), { recursive: true });
  writeFileSync(join(root, 'common/en/common.json'), '{"Error_SomethingWentWrong":"Oops"}');
  writeFileSync(join(root, 'src/locales/en.json'), '{"Title":"Public"}');
  writeFileSync(join(root, 'src/locales/fr.json'), '{"Title":"Publique"}');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
  );
  writeFileSync(join(root, 'src/main.js'), 'document.title = "x";');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const plugin = () => tendI18n({ app: 'public', commonLocalesDir: join(root, 'common') });
/** Builds the test app with the plugin into `dist` (quietly, without the folder's Vite config). */
const buildApp = (options: { minify?: boolean } = {}) =>
  build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [plugin()],
    build: { outDir: 'dist', ...options },
  });

describe('tendI18n vite plugin', () => {
  it('defines the translations version (a content hash) for initI18n', async () => {
    const write = (text: string) => writeFileSync(join(root, 'src/main.js'), text);
    write('document.title = import.meta.env.VITE_TEND_I18N_VERSION;');
    await buildApp({ minify: false });
    const js = () => {
      const dir = join(root, 'dist/assets');
      const file = readdirSync(dir).find((f) => f.endsWith('.js'))!;
      return readFileSync(join(dir, file), 'utf8');
    };
    const first = /document\.title = "([0-9a-f]{12})"/.exec(js())?.[1];
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    writeFileSync(join(root, 'src/locales/en.json'), '{"Title":"Changed"}');
    await buildApp({ minify: false });
    const second = /document\.title = "([0-9a-f]{12})"/.exec(js())?.[1];
    expect(second).toMatch(/^[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('emits /assets/i18n/{lang}.json for every language at build', async () => {
    await buildApp();
    expect(JSON.parse(readFileSync(join(root, 'dist/assets/i18n/en.json'), 'utf8'))).toEqual({
      common: { Error_SomethingWentWrong: 'Oops' },
      public: { Title: 'Public' },
    });
    expect(JSON.parse(readFileSync(join(root, 'dist/assets/i18n/fr.json'), 'utf8'))).toEqual({
      common: {},
      public: { Title: 'Publique' },
    });
  });

  describe('dev server', () => {
    let server: ViteDevServer;
    afterEach(async () => server?.close());

    it('serves the merged file, 404 for an unknown language, and fresh content after an edit', async () => {
      server = await createServer({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [plugin()],
        server: { port: 0, host: '127.0.0.1', hmr: false, ws: false },
      });
      await server.listen();
      const address = server.httpServer!.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const en = await fetch(`${url}/assets/i18n/en.json?v=1`);
      expect(en.status).toBe(200);
      expect(en.headers.get('content-type')).toMatch(/application\/json/);
      expect(await en.json()).toEqual({
        common: { Error_SomethingWentWrong: 'Oops' },
        public: { Title: 'Public' },
      });

      const de = await fetch(`${url}/assets/i18n/de.json`);
      expect(de.status).toBe(404);

      writeFileSync(join(root, 'src/locales/en.json'), '{"Title":"Changed"}');
      const again = await fetch(`${url}/assets/i18n/en.json`);
      expect(((await again.json()) as { public: unknown }).public).toEqual({ Title: 'Changed' });
    });
  });
});
