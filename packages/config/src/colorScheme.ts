import type { Plugin } from 'vite';

/** Where the person's colour scheme (light, dark or auto) is kept (Mantine's localStorage manager in @tend/ui). */
export const COLOR_SCHEME_STORAGE_KEY = 'tend-color-scheme';

/**
 * Sets `data-mantine-color-scheme` on <html> before the first paint, from the stored choice or the system's
 * (what Mantine's ColorSchemeScript does inline; an inline script is refused by the Content-Security-Policy,
 * so this is a file). Prerendered pages are painted in the right colours before the app runs.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});var c=s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){document.documentElement.setAttribute("data-mantine-color-scheme","light")}\n`;

/** Vite plugin (builds): emits the script as a hashed file and loads it first thing in index.html's head. */
export function tendColorScheme(): Plugin {
  return {
    name: 'tend:color-scheme',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const file = this.getFileName(this.emitFile({ type: 'asset', name: 'color-scheme.js', source: COLOR_SCHEME_SCRIPT }));
        const source = String(html.source);
        if (!source.includes('<meta charset="UTF-8" />')) this.error('index.html has no <meta charset="UTF-8" /> to put the colour-scheme script after');
        html.source = source.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script src="/${file}"></script>`);
      },
    },
  };
}
