import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import { tendPrecompress } from './compress.ts';
import { tendHtmlHead } from './htmlHead.ts';
import { APP_PORTS, type AppName } from './ports.ts';
import { parseRuntimeConfig } from './runtimeSchema.ts';
import { jsdomTests } from './vitest.ts';

/** Vitest's options (the `test` key of a Vite config), kept loose so this package needs no vitest types. */
export type TestOptions = Record<string, unknown>;
export type TendViteOverrides = UserConfig & { test?: TestOptions };

/**
 * Our workspace packages export TypeScript source with no import-time side effects (CSS imports are not
 * matched and stay), so the bundler may drop any of their modules an app does not use: this keeps shells,
 * sanitisers and generated hooks a first page does not need out of the initial JavaScript.
 */
export const PURE_WORKSPACE_SOURCES =
  /[\\/]packages[\\/](ui|api|i18n|config|core|auth|domain|portal)[\\/]src[\\/].*\.tsx?$/;

const MANTINE_CORE = String.raw`[\/]@mantine[\/]core[\/]esm[\/]core[\/]`;

/**
 * Mantine modules that render `<style>` elements, and what builds use instead: the apps' Content-Security-
 * Policy (`style-src 'self'`) refuses inline styles. The theme's CSS variables and breakpoint classes are a
 * stylesheet (@tend/ui/theme.css; the providers also set withCssVariables and withGlobalClasses to false), and
 * the rules of responsive style props go into a constructable stylesheet (@tend/ui/inline-styles).
 */
export const MANTINE_STYLE_ELEMENTS: Array<{ module: RegExp; replacement: string }> = [
  {
    module: new RegExp(`${MANTINE_CORE}InlineStyles[\\/]InlineStyles\\.mjs$`),
    replacement: "export { InlineStyles } from '@tend/ui/inline-styles';",
  },
  {
    module: new RegExp(
      `${MANTINE_CORE}MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\\.mjs$`,
    ),
    replacement: 'export function MantineCssVariables() { return null; }',
  },
  {
    module: new RegExp(`${MANTINE_CORE}MantineProvider[\\/]MantineClasses[\\/]MantineClasses\\.mjs$`),
    replacement: 'export function MantineClasses() { return null; }',
  },
  {
    // react-remove-scroll (Mantine's Modal, Drawer and Menu lock the page's scroll with it) adds its rules
    // (`body[data-scroll-locked] { overflow: hidden … }`) in a `<style>` element through react-style-singleton:
    // the policy refused it and logged a violation each time a dialog opened. The same rules go into the
    // constructable stylesheet, added with the first user and removed with the last, as the original does.
    module: /[\\/]react-style-singleton[\\/]dist[\\/][^\\/]+[\\/]singleton\.js$/,
    replacement: [
      "import { addRules } from '@tend/ui/inline-styles';",
      'export function stylesheetSingleton() {',
      '  let counter = 0;',
      '  let remove = null;',
      '  return {',
      '    add(style) { if (counter === 0) remove = addRules(style); counter += 1; },',
      '    remove() { counter -= 1; if (counter === 0 && remove) { remove(); remove = null; } },',
      '  };',
      '}',
    ].join('\n'),
  },
];

/** In builds, the `<style>` renderers are replaced (MANTINE_STYLE_ELEMENTS); dev servers keep them. */
export function mantineWithoutStyleElements(): Plugin {
  return {
    name: 'tend:mantine-without-style-elements',
    apply: 'build',
    load(id) {
      return MANTINE_STYLE_ELEMENTS.find((m) => m.module.test(id))?.replacement ?? null;
    },
  };
}

/** Mantine's ModalRoot, and the import of ScrollArea it has only to compare a prop with ScrollArea.Autosize. */
const MANTINE_MODAL_ROOT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Modal[\\/]ModalRoot\.mjs$/;
export const MODAL_ROOT_SCROLL_AREA_IMPORT = 'import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";';

/**
 * Every Modal (the sign-in's re-authentication, the crisis panel, @mantine/modals' provider) is in the portals'
 * first view, and Mantine's ModalRoot imports ScrollArea only to set `data-offset-scrollbars` when a modal is given
 * `scrollAreaComponent={ScrollArea.Autosize}`: that import brought ScrollArea and, through its `useMergeRefs`,
 * the whole of @floating-ui/react (about 15 KiB brotli) into every app's initial JavaScript. No modal of ours is
 * given a scrollAreaComponent (modals scroll natively), so in builds the comparison is with a value no prop can
 * be; ScrollArea and Floating UI load with the pages that use them. (The line is replaced by one line: the
 * module's source map stays right.)
 */
export function mantineModalWithoutScrollArea(): Plugin {
  return {
    name: 'tend:mantine-modal-without-scroll-area',
    apply: 'build',
    transform(code, id) {
      if (!MANTINE_MODAL_ROOT.test(id)) return null;
      if (!code.includes(MODAL_ROOT_SCROLL_AREA_IMPORT))
        throw new Error(`${id}: Mantine's ModalRoot no longer imports ScrollArea as expected (vite.ts)`);
      return {
        code: code.replace(
          MODAL_ROOT_SCROLL_AREA_IMPORT,
          "const ScrollArea = { Autosize: Symbol('ScrollArea.Autosize is not passed to a modal') };",
        ),
        map: null,
      };
    },
  };
}

/**
 * The app's RuntimeConfig, validated from its `VITE_TEND_*` variables (the environment, then .env files) when it
 * is built or served, and put into the code as `__TEND_RUNTIME_CONFIG__`: a bad value stops the build with the
 * variable's name, and the browser runs no validator (zod stays out of every app's initial JavaScript).
 */
export function tendRuntimeConfig(): Plugin {
  return {
    name: 'tend:runtime-config',
    config(userConfig, { mode }) {
      const env = loadEnv(mode, userConfig.envDir || userConfig.root || process.cwd(), 'VITE_');
      return { define: { __TEND_RUNTIME_CONFIG__: JSON.stringify(parseRuntimeConfig(env)) } };
    },
  };
}

/**
 * The one Vite preset of the four apps: React, the app's fixed port for dev and preview (strict: a busy port
 * stops start-up), a build manifest (read by the bundle budgets), tree-shaking of the workspace packages'
 * sources, precompressed copies of the build (brotli and gzip, served by scripts/serve.ts), and Vitest in jsdom. `overrides` are merged over it: plugins are appended, and the `build`, `test`,
 * `server` and `preview` objects are merged key by key.
 */
export function tendViteConfig(app: AppName, overrides: TendViteOverrides = {}): UserConfig {
  const port = APP_PORTS[app];
  const base: TendViteOverrides = {
    plugins: [
      react(),
      tendRuntimeConfig(),
      mantineWithoutStyleElements(),
      mantineModalWithoutScrollArea(),
      tendHtmlHead(),
      tendPrecompress(),
    ],
    envPrefix: ['VITE_'],
    server: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    preview: { port, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    build: {
      target: 'es2022',
      manifest: true,
      sourcemap: true,
      chunkSizeWarningLimit: 800,
      // Vite's gzip sizes in the build's log cost every build seconds; `npm run budget` and the bench measure.
      reportCompressedSize: false,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: [{ test: PURE_WORKSPACE_SOURCES, sideEffects: false }],
          // The generated zod schemas (@tend/api/zod) are built at import time; forms take only the limits and
          // formats beside them, so building an unused schema is pure and may be dropped.
          manualPureFunctions: ['zod'],
        },
        output: {
          // Everything the entry imports statically (what loads before the first route renders) in one chunk
          // beside the entry, rather than the dozens of small chunks the lazy routes' sharing would cut it into:
          // one file compresses far better than many (brotli learns across the whole of it), and the browser
          // asks for two files instead of about fifty. Lazy routes keep their own chunks.
          codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
        },
      },
    },
    test: jsdomTests({ setupFiles: [] }),
  };
  return defineConfig({
    ...base,
    ...overrides,
    plugins: [...(base.plugins ?? []), ...(overrides.plugins ?? [])],
    server: { ...base.server, ...overrides.server },
    preview: { ...base.preview, ...overrides.preview },
    build: { ...base.build, ...overrides.build },
    test: { ...base.test, ...overrides.test },
  } as UserConfig);
}
