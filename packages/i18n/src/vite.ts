import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  buildTranslationFile,
  COMMON_LOCALES_DIR,
  featuresDirOf,
  listLanguages,
  PACKAGE_NAMESPACES,
  packageFiles,
  sourceFiles,
  type TranslationSources,
} from './files.ts';
import { DEFAULT_LANGUAGE } from './locale.ts';
import type { TendApp } from './types.ts';

export interface TendI18nPluginOptions {
  app: TendApp;
  /** Default `<vite root>/src/locales`. */
  appLocalesDir?: string;
  /** Default packages/i18n/locales. */
  commonLocalesDir?: string;
}

const OUT_DIR = 'assets/i18n';

/** A short hash of every language's merged file. */
export function translationsVersion(sources: TranslationSources): string {
  const hash = createHash('sha256');
  for (const lang of listLanguages(sources))
    hash.update(`${lang}\0${JSON.stringify(buildTranslationFile(sources, lang))}\0`);
  return hash.digest('hex').slice(0, 12);
}

/**
 * Serves (dev) and emits (build) `/assets/i18n/{lang}.json` = `{ common, <app> }`, merged from
 * packages/i18n/locales/{lang}/common.json and the app's src/locales/{lang}.json (plus, for languages other
 * than English, the packages' words: `auth`, `portal`, `domain`; see buildTranslationFile): no copy step. In dev a
 * change to either file reloads the page.
 */
export function tendI18n(options: TendI18nPluginOptions): Plugin {
  let sources: TranslationSources;
  let base = '/';
  let version = '';
  const fileName = (lang: string) => `${OUT_DIR}/${lang}.json`;
  return {
    name: 'tend-i18n',
    config(config) {
      // The translations' content hash, appended by initI18n as ?v= (cache busting across deployments).
      const root = resolve(config.root ?? process.cwd());
      const hashSources: TranslationSources = {
        app: options.app,
        appLocalesDir: options.appLocalesDir ?? resolve(root, 'src/locales'),
        commonLocalesDir: options.commonLocalesDir ?? COMMON_LOCALES_DIR,
      };
      version = translationsVersion(hashSources);
      return { define: { 'import.meta.env.VITE_TEND_I18N_VERSION': JSON.stringify(version) } };
    },
    configResolved(config: ResolvedConfig) {
      base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      sources = {
        app: options.app,
        appLocalesDir: options.appLocalesDir ?? resolve(config.root, 'src/locales'),
        commonLocalesDir: options.commonLocalesDir ?? COMMON_LOCALES_DIR,
      };
    },
    // English is always loaded (the language, or the fallback of another): fetched with the HTML, not after the
    // scripts have run. Same URL and request mode as initI18n's fetch, so that fetch is served by the preload.
    transformIndexHtml() {
      return [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'fetch',
            crossorigin: '',
            href: `${base}${fileName(DEFAULT_LANGUAGE)}?v=${version}`,
          },
          injectTo: 'head',
        },
      ];
    },
    configureServer(server) {
      const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${OUT_DIR}/([^/]+)\\.json$`);
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const m = pattern.exec(path);
        if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        try {
          const file = buildTranslationFile(sources, decodeURIComponent(m[1]!));
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          if (!file) {
            res.statusCode = 404;
            res.end(JSON.stringify({ error: `No translations for ${m[1]}` }));
            return;
          }
          res.end(JSON.stringify(file));
        } catch (error) {
          next(error);
        }
      });
      const dirs = [sources.appLocalesDir, sources.commonLocalesDir ?? COMMON_LOCALES_DIR];
      // The packages' words of other languages are in the file too (English is bundled with their code).
      const nested = [
        featuresDirOf(sources),
        ...(sources.packageNamespaces ?? PACKAGE_NAMESPACES).map((p) => p.src),
      ];
      server.watcher.add(dirs);
      server.watcher.on('change', (file) => {
        const nestedWords =
          nested.some((d) => file.startsWith(d)) && /[\\/]locales[\\/][^\\/]+\.json$/.test(file);
        if (file.endsWith('.json') && (nestedWords || dirs.some((d) => file.startsWith(d)))) {
          server.ws.send({ type: 'full-reload' });
        }
      });
    },
    buildStart() {
      for (const lang of listLanguages(sources)) {
        for (const file of [...sourceFiles(sources, lang), ...packageFiles(sources, lang)])
          if (existsSync(file)) this.addWatchFile(file);
      }
    },
    generateBundle() {
      for (const lang of listLanguages(sources)) {
        const file = buildTranslationFile(sources, lang);
        if (file) this.emitFile({ type: 'asset', fileName: fileName(lang), source: JSON.stringify(file) });
      }
    },
  };
}
