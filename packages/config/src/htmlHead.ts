import type { Plugin } from 'vite';
import { COLOR_SCHEME_SCRIPT } from './colorScheme.ts';

/** The stylesheet links of an HTML head. */
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Orders an HTML head for the first paint: the colour-scheme script first, inline (it must run before
 * anything is painted), then the stylesheets (render-blocking: nothing is painted before them), then the
 * scripts and preloads, which a prerendered page does not need to be seen.
 */
export function orderHead(html: string, colorSchemeScript = COLOR_SCHEME_SCRIPT): string {
  const stylesheets = html.match(STYLESHEET) ?? [];
  const withoutStylesheets = html.replace(STYLESHEET, '');
  const at = withoutStylesheets.indexOf('<meta charset="UTF-8" />');
  if (at < 0) throw new Error('index.html has no <meta charset="UTF-8" />');
  const end = at + '<meta charset="UTF-8" />'.length;
  const head = [`<script>${colorSchemeScript}</script>`, ...stylesheets.map((s) => s.trim())]
    .map((l) => `\n    ${l}`)
    .join('');
  // Light until the script says otherwise (and where scripts do not run at all): Mantine's colours need it.
  return `${withoutStylesheets.slice(0, end)}${head}${withoutStylesheets.slice(end)}`.replace(
    /<html(?![^>]*data-mantine-color-scheme)([^>]*)>/,
    '<html$1 data-mantine-color-scheme="light">',
  );
}

/** Vite plugin (builds): orders index.html's head with the colour-scheme script (orderHead). */
export function tendHtmlHead(): Plugin {
  return {
    name: 'tend:html-head',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type === 'asset') html.source = orderHead(String(html.source));
      },
    },
  };
}
