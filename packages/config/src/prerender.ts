import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { HASHED_ASSETS_DIR, PRERENDERED_PAGES, shellFile, type PrerenderedPage } from './hosting.ts';
import { criticalCss } from './criticalCss.ts';
import { chunkFiles, type Manifest } from './manifest.ts';
import type { AppName } from './ports.ts';

/**
 * Prerendering of each app's entry pages at build time (PRERENDERED_PAGES in hosting.ts): the page's HTML is
 * on screen from the first response, before any script has run; the app then takes over (it renders the
 * same page and replaces the prerendered markup, see @tend/ui's takeOver).
 *
 * After the client build, the app's prerender entry (`src/prerender.tsx`, exporting `render`) is built for
 * Node with the same Vite configuration, and each page is rendered into a copy of the built index.html:
 * its markup in #root (inert until the app takes over, so nothing half-alive can be clicked or submitted),
 * its title, its route's chunks as modulepreload links, and, as its only render-blocking stylesheet, the rules
 * of the app's and the route's stylesheets its markup can use (criticalCss.ts). The Content-Security-Policy
 * refuses inline styles, so the `<style>` elements and `style` attributes React rendered are moved into that
 * stylesheet too.
 */

/** What an app's prerender entry renders: the markup of #root and the page title. */
export interface PrerenderResult {
  html: string;
  title: string;
}

/** The `render` export of an app's prerender entry. */
export type PrerenderRender = (request: {
  url: string;
  translations: Record<string, unknown>;
}) => Promise<PrerenderResult>;

export interface PrerenderOptions {
  /** The prerender entry, relative to the app root (default src/prerender.tsx). */
  entry?: string;
}

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a declaration list on the semicolons outside parentheses and quotes. */
export function splitDeclarations(style: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const ch of style) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ';' && depth === 0) {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/**
 * Moves the inline styles out of rendered markup: each `<style>` element's rules, and each `style` attribute
 * as a rule for a `data-tend-style` attribute that replaces it. The declarations become `!important`, which
 * is how an inline style wins over the stylesheets' rules. Returns the markup without inline styles and the CSS.
 */
export function extractInlineStyles(html: string): { html: string; css: string } {
  const blocks: string[] = [];
  let markup = html.replace(/<style\b[^>]*>([\s\S]*?)<\/style>/g, (_m, css: string) => {
    if (css.trim()) blocks.push(css.trim());
    return '';
  });
  const rules = new Map<string, string>();
  markup = markup.replace(/ style="([^"]*)"/g, (_m, raw: string) => {
    const declarations = splitDeclarations(unescapeAttribute(raw))
      .map((d) => (/!\s*important\s*$/i.test(d) ? d : `${d} !important`))
      .join(';');
    if (!declarations) return '';
    const id = createHash('sha256').update(declarations).digest('base64url').slice(0, 10);
    rules.set(id, `[data-tend-style="${id}"]{${declarations}}`);
    return ` data-tend-style="${id}"`;
  });
  return { html: markup, css: [...blocks, ...rules.values()].join('\n') };
}

/** The stylesheets a built index.html links (render-blocking). */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
}

/**
 * The web font files a page's first paint needs: those of the stylesheet's `@font-face` rules whose
 * unicode-range covers Basic Latin (U+0000-00FF), in WOFF2. Preloaded with the page, the font arrives with the
 * critical stylesheet instead of after it (a font is only requested once a text using it is laid out), so the
 * first paint is in the web font more often and a late swap does not move the largest text (LCP) or the
 * layout (CLS). Other subsets (Latin Extended) still load only when a page uses them.
 */
export function firstPaintFonts(css: string): string[] {
  const files: string[] = [];
  for (const m of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const body = m[1]!;
    // U+0000-00FF, as written or as minifiers write it (U+0-FF, U+00??, U+??).
    if (!/unicode-range:\s*U\+(?:0*-0*FF|0*\?\?)(?![0-9A-F?])/i.test(body)) continue;
    const url = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(body)?.[1];
    if (url && !files.includes(url)) files.push(url);
  }
  return files;
}

/**
 * The built index.html with a prerendered page in it: its markup in an inert #root, its title, its critical
 * stylesheet as the only render-blocking one (the app's stylesheets follow as `media="print"` with
 * `data-tend-deferred`: fetched without blocking the paint, switched on by the app before it takes over), and
 * its route's chunks preloaded last.
 */
export function composePage(
  shell: string,
  page: {
    markup: string;
    title: string;
    criticalStylesheet: string;
    modulePreloads: string[];
    route: string;
    /** Web font files to preload with the critical stylesheet (firstPaintFonts). */
    fontPreloads?: string[];
  },
): string {
  if (!/<div id="root"><\/div>/.test(shell))
    throw new Error('prerender: the built index.html has no empty <div id="root"></div>');
  const first = /<link rel="stylesheet"[^>]*>/.exec(shell);
  if (!first) throw new Error('prerender: the built index.html links no stylesheet');
  const preloads = page.modulePreloads
    .filter((href) => !shell.includes(`href="${href}"`))
    .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`);
  // React's preloads of the page's eager images go up to the head, right after the stylesheet and before the
  // font: the largest picture of a page (its largest paint) is then fetched first, with the stylesheet; text
  // paints at once in the fallback face and only repaints when the font arrives.
  const imagePreloads: string[] = [];
  const markup = page.markup.replace(
    /<link rel="preload" as="image"[^>]*\/?>/g,
    (link) => (imagePreloads.push(link), ''),
  );
  const head = [
    `<link rel="stylesheet" crossorigin href="${page.criticalStylesheet}">`,
    ...imagePreloads,
    ...(page.fontPreloads ?? []).map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`,
    ),
  ].join('\n    ');
  const withCritical = `${shell.slice(0, first.index)}${head}\n    ${shell.slice(first.index)}`;
  return withCritical
    .replace(/<link rel="stylesheet"([^>]*)>/g, (link, attrs: string) =>
      attrs.includes(`href="${page.criticalStylesheet}"`)
        ? link
        : `<link rel="stylesheet"${attrs} media="print" data-tend-deferred>`,
    )
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${preloads.join('')}  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" inert data-prerendered="${escapeHtml(page.route)}">${markup}</div>`,
    );
}

/**
 * Node's own dynamic import: the apps' Vite configs are loaded by Vite's module runner (--configLoader
 * runner), which rewrites `import()` in this file and is closed once the config is loaded.
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

/** Vite plugin: prerenders the app's PRERENDERED_PAGES after its client build (see the top of this file). */
export function tendPrerender(app: AppName, options: PrerenderOptions = {}): Plugin {
  let config: ResolvedConfig;
  const entry = options.entry ?? 'src/prerender.tsx';
  return {
    name: 'tend:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = isAbsolute(config.build.outDir)
          ? config.build.outDir
          : join(config.root, config.build.outDir);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        const translations = JSON.parse(
          readFileSync(join(outDir, 'assets', 'i18n', 'en.json'), 'utf8'),
        ) as Record<string, unknown>;
        if (shellFile(app) !== 'index.html') writeFileSync(join(outDir, shellFile(app)), shell);

        // The prerender entry, built for Node with the app's own configuration (plugins, defines, aliases).
        const ssrOut = join(config.root, 'node_modules', '.tend-prerender');
        rmSync(ssrOut, { recursive: true, force: true });
        await build({
          root: config.root,
          mode: config.mode,
          configFile: config.configFile,
          configLoader: 'runner',
          logLevel: 'warn',
          build: {
            ssr: entry,
            outDir: ssrOut,
            emptyOutDir: true,
            sourcemap: false,
            minify: false,
            manifest: false,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { render } = (await nativeImport(pathToFileURL(join(ssrOut, 'prerender.mjs')).href)) as {
          render: PrerenderRender;
        };

        for (const page of PRERENDERED_PAGES[app]) {
          await writePage(page);
        }
        rmSync(ssrOut, { recursive: true, force: true });

        async function writePage(page: PrerenderedPage) {
          const rendered = await render({ url: page.route, translations });
          const { html: markup, css: inlineCss } = extractInlineStyles(rendered.html);
          const modulePreloads: string[] = [];
          const routeCss: string[] = [];
          for (const module of page.preload) {
            const files = chunkFiles(manifest, module);
            modulePreloads.push(...files.js.map((f) => `/${f}`));
            routeCss.push(...files.css.map((f) => `/${f}`));
          }
          // What the first paint needs of the app's and the route's stylesheets, with the page's own inline styles.
          const sources = [...new Set([...linkedStylesheets(shell), ...routeCss])].map((href) =>
            readFileSync(join(outDir, href), 'utf8'),
          );
          const css = `${criticalCss(sources.join('\n'), markup)}\n${inlineCss}\n`;
          const criticalFile = `${HASHED_ASSETS_DIR}/critical-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
          writeFileSync(join(outDir, criticalFile), css);
          const file = join(outDir, page.file);
          if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
          writeFileSync(
            file,
            composePage(shell, {
              markup,
              title: rendered.title,
              criticalStylesheet: `/${criticalFile}`,
              modulePreloads: [...new Set(modulePreloads)],
              route: page.route,
              fontPreloads: firstPaintFonts(css),
            }),
          );
        }
        this.info?.(`prerendered ${PRERENDERED_PAGES[app].map((p) => `${p.route} → ${p.file}`).join(', ')}`);
      },
    },
  };
}
