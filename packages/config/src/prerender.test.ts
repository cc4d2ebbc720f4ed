import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderHead } from './htmlHead.ts';
import { chunkFiles } from './manifest.ts';
import {
  composePage,
  extractInlineStyles,
  firstPaintFonts,
  linkedStylesheets,
  splitDeclarations,
} from './prerender.ts';
import { MANTINE_STYLE_ELEMENTS } from './vite.ts';

describe('extractInlineStyles', () => {
  it('moves style attributes to rules that win like inline styles, and <style> elements to the sheet', () => {
    const { html, css } = extractInlineStyles(
      '<style data-mantine-styles="inline">.a{color:red}</style><div style="--x:var(--y);width:10px" class="c">' +
        '<p style="font-family:&quot;Segoe UI&quot;, sans-serif;color:blue !important">x</p><i style="width:10px;--x:var(--y)"></i></div>',
    );
    expect(html).not.toMatch(/ style=|<style/);
    const ids = [...html.matchAll(/data-tend-style="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(3);
    expect(css.split('\n')).toEqual([
      '.a{color:red}',
      `[data-tend-style="${ids[0]}"]{--x:var(--y) !important;width:10px !important}`,
      `[data-tend-style="${ids[1]}"]{font-family:"Segoe UI", sans-serif !important;color:blue !important}`,
      `[data-tend-style="${ids[2]}"]{width:10px !important;--x:var(--y) !important}`,
    ]);
  });

  it('gives the same declarations the same rule', () => {
    const { html, css } = extractInlineStyles('<a style="color:red"></a><b style="color:red"></b>');
    const ids = [...html.matchAll(/data-tend-style="([^"]+)"/g)].map((m) => m[1]);
    expect(ids[0]).toBe(ids[1]);
    expect(css.split('\n')).toHaveLength(1);
  });

  it('splits declarations only outside parentheses and quotes', () => {
    expect(splitDeclarations('a:url("x;y");b:calc(1px + (2px));c:"q;r";')).toEqual([
      'a:url("x;y")',
      'b:calc(1px + (2px))',
      'c:"q;r"',
    ]);
  });
});

describe('chunkFiles', () => {
  const manifest = {
    'src/page.tsx': { file: 'assets/page-1.js', imports: ['_shared.js'], css: ['assets/page-1.css'] },
    '_shared.js': { file: 'assets/shared-2.js', imports: ['_page.js'] },
    '_page.js': { file: 'assets/loop-3.js', imports: ['src/page.tsx'] },
  };
  it("lists a module's chunk, what it imports statically and their CSS, once each", () => {
    expect(chunkFiles(manifest, 'src/page.tsx')).toEqual({
      js: ['assets/page-1.js', 'assets/shared-2.js', 'assets/loop-3.js'],
      css: ['assets/page-1.css'],
    });
  });
  it('fails the build for a module that is not a chunk', () => {
    expect(() => chunkFiles(manifest, 'src/gone.tsx')).toThrow(/not a chunk of the build/);
  });
});

const shell = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Tend</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('orderHead', () => {
  it('puts the colour-scheme script inline, then the stylesheets, before the scripts', () => {
    const html = orderHead(shell, 'setScheme()');
    const order = [
      '<meta charset',
      '<script>setScheme()</script>',
      'index-3.css',
      '<title>',
      'index-1.js',
      'react-2.js',
    ].map((s) => html.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/index-3\.css/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en-GB" data-mantine-color-scheme="light">');
  });
});

describe('composePage', () => {
  it("puts the page's markup in an inert #root, its title, its critical stylesheet first, the app's deferred, its chunks last", () => {
    const html = composePage(orderHead(shell), {
      markup: '<link rel="preload" as="image" href="/assets/images/a.png"/><h1>Sign in</h1>',
      title: 'Sign in – Tend <Admin>',
      criticalStylesheet: '/assets/critical-5.css',
      modulePreloads: ['/assets/LoginPage-6.js', '/assets/react-2.js'],
      route: '/authentication/login',
    });
    expect(html).toContain(
      '<div id="root" inert data-prerendered="/authentication/login"><h1>Sign in</h1></div>',
    );
    expect(html).toContain('<title>Sign in – Tend &lt;Admin&gt;</title>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/critical-5.css">');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css" media="print" data-tend-deferred>',
    );
    expect(linkedStylesheets(html)).toEqual(['/assets/critical-5.css', '/assets/index-3.css']);
    expect(html.match(/react-2\.js/g)).toHaveLength(1);
    expect(html.indexOf('critical-5.css')).toBeLessThan(html.indexOf('index-1.js'));
    expect(html.indexOf('<link rel="preload" as="image" href="/assets/images/a.png"/>')).toBeLessThan(
      html.indexOf('index-1.js'),
    );
    expect(html.indexOf('LoginPage-6.js')).toBeGreaterThan(html.indexOf('react-2.js'));
  });
});

describe('the web font of the first paint', () => {
  const css = `@font-face{font-family:'A';font-display:swap;src:url(/assets/a-latin-ext-1.woff2) format('woff2-variations');unicode-range:U+0100-02BA,U+02BD-02C5}
@font-face{font-family:'A';font-display:swap;src:url(/assets/a-latin-2.woff2) format('woff2-variations');unicode-range:U+0000-00FF,U+0131}
body{font-family:'A',sans-serif}`;

  it('is the Basic Latin subset only', () => {
    expect(firstPaintFonts(css)).toEqual(['/assets/a-latin-2.woff2']);
    expect(firstPaintFonts('body{color:red}')).toEqual([]);
    // As the build's minifier writes them.
    const minified =
      '@font-face{font-family:A;src:url(/assets/x-ext.woff2)format("woff2-variations");unicode-range:U+100-2BA}' +
      '@font-face{font-family:A;src:url(/assets/x-latin.woff2)format("woff2-variations");unicode-range:U+??,U+131}';
    expect(firstPaintFonts(minified)).toEqual(['/assets/x-latin.woff2']);
    expect(firstPaintFonts('@font-face{src:url(/a.woff2);unicode-range:U+0-FF}')).toEqual(['/a.woff2']);
    expect(firstPaintFonts('@font-face{src:url(/a.woff2);unicode-range:U+0-FFF}')).toEqual([]);
  });

  it('is preloaded with the critical stylesheet, before the scripts', () => {
    const html = composePage(orderHead(shell), {
      markup: '<h1>Sign in</h1>',
      title: 'Sign in',
      criticalStylesheet: '/assets/critical-5.css',
      modulePreloads: [],
      route: '/authentication/login',
      fontPreloads: firstPaintFonts(css),
    });
    const link =
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/a-latin-2.woff2">';
    expect(html.match(/rel="preload" as="font"/g)).toHaveLength(1);
    expect(html.indexOf(link)).toBeGreaterThan(html.indexOf('critical-5.css'));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('index-1.js'));
  });

  it("comes after a page's eager picture (the largest paint is fetched first)", () => {
    const html = composePage(orderHead(shell), {
      markup:
        '<link rel="preload" as="image" href="/assets/images/a.png" fetchPriority="high"/><h1>Guide</h1>',
      title: 'Guide',
      criticalStylesheet: '/assets/critical-5.css',
      modulePreloads: [],
      route: '/install-guide',
      fontPreloads: firstPaintFonts(css),
    });
    expect(html.indexOf('as="image"')).toBeGreaterThan(html.indexOf('critical-5.css'));
    expect(html.indexOf('as="image"')).toBeLessThan(html.indexOf('as="font"'));
  });
});

describe('MANTINE_STYLE_ELEMENTS', () => {
  it('names modules @mantine/core really has (a Mantine upgrade that moves them fails here)', () => {
    const esm = join(
      import.meta.dirname,
      '..',
      '..',
      '..',
      'node_modules',
      '@mantine',
      'core',
      'esm',
      'core',
    );
    const files = [
      join(esm, 'InlineStyles', 'InlineStyles.mjs'),
      join(esm, 'MantineProvider', 'MantineCssVariables', 'MantineCssVariables.mjs'),
      join(esm, 'MantineProvider', 'MantineClasses', 'MantineClasses.mjs'),
    ];
    for (const [i, file] of files.entries()) {
      expect(existsSync(file), file).toBe(true);
      expect(MANTINE_STYLE_ELEMENTS[i]!.module.test(file)).toBe(true);
    }
  });

  it("names react-style-singleton's module (the dialogs' scroll lock) in each of its builds", () => {
    const dist = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'react-style-singleton', 'dist');
    for (const build of ['es2015', 'es2019', 'es5']) {
      const file = join(dist, build, 'singleton.js');
      expect(existsSync(file), file).toBe(true);
      expect(MANTINE_STYLE_ELEMENTS[3]!.module.test(file)).toBe(true);
    }
  });
});
