import { createHash } from 'node:crypto';
import { COLOR_SCHEME_SCRIPT } from './colorScheme.ts';
import { APP_NAMES, type AppName } from './ports.ts';
import type { RuntimeConfig } from './runtime.ts';

/**
 * How the four apps are served, in one place: the Firebase Hosting sites of `firebase.json` (written from
 * here by `npm run hosting`, see scripts/hosting.ts), which the local static server (scripts/serve.ts) and
 * Firebase Hosting in deployment both read. Every header, rewrite and cache rule comes from this file; the
 * Content-Security-Policy follows the runtime configuration the apps are built with (the API root, the status
 * host, the Auth emulator or Firebase Auth).
 */

/** Where the server takes Content-Security-Policy violation reports (POST, contract operation reportCspViolation). */
export const CSP_REPORT_PATH = '/csp-reports';
/** The Reporting API endpoint name the CSP's `report-to` refers to (declared by `Reporting-Endpoints`). */
export const CSP_REPORT_GROUP = 'csp';

/** Firebase Auth's endpoints in production (the modular SDK's sign-in and token refresh). */
export const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
] as const;

/** The CSP source that allows the inline colour-scheme script (colorScheme.ts): its SHA-256, as `'sha256-…'`. */
export const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT, 'utf8').digest('base64')}'`;

/** Vite's output folder for hashed files (`build.assetsDir`): every file directly in it has a content hash. */
export const HASHED_ASSETS_DIR = 'assets';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, the prerendered pages, translations and the public folder's files: always revalidated. */
export const REVALIDATE = 'no-cache';

/** What an app does that its policy must allow (everything else stays refused by `default-src 'none'`). */
interface AppCapabilities {
  /** A service worker and a web app manifest (the patient app's offline support). */
  serviceWorker: boolean;
}

const CAPABILITIES: Record<AppName, AppCapabilities> = {
  public: { serviceWorker: false },
  patient: { serviceWorker: true },
  therapist: { serviceWorker: false },
  admin: { serviceWorker: false },
};

/**
 * A page prerendered at build time (its HTML is on screen from the first response; the app takes over once
 * its scripts have run): `route` is what is rendered, `file` where it is written in the app's dist folder,
 * `sources` the request paths served with it (rewrites, first match wins; a `file` at its own clean URL needs
 * none), `preload` the route's modules (source paths as in Vite's manifest) whose chunks the page preloads.
 */
export interface PrerenderedPage {
  route: string;
  file: string;
  sources: string[];
  preload: string[];
}

const PUBLIC_QUERY_LAYOUT = 'src/app/QueryLayout.tsx';
const PUBLIC_GUIDE = 'src/features/guide/InstallGuidePage.tsx';
const PORTAL_SIGN_IN: PrerenderedPage = {
  route: '/authentication/login',
  file: 'authentication/login.html',
  sources: [],
  preload: ['../../packages/portal/src/pages/LoginPage.tsx'],
};

/**
 * The entry pages of each app, prerendered (packages/config/src/prerender.ts). The install guide is the same
 * for every client until the client's configuration has loaded, so one page per platform serves them all.
 */
export const PRERENDERED_PAGES: Record<AppName, PrerenderedPage[]> = {
  public: [
    // `/` on the public host redirects to /signup; on the dedicated sign-up host it is the sign-up module.
    {
      route: '/signup',
      file: 'index.html',
      sources: ['/signup'],
      preload: [PUBLIC_QUERY_LAYOUT, 'src/features/signup/SignupModule.tsx'],
    },
    {
      route: '/openid/guide/ios/demo',
      file: 'install-guide-ios.html',
      sources: ['/openid/guide/[iI][oO][sS]/*'],
      preload: [PUBLIC_QUERY_LAYOUT, PUBLIC_GUIDE],
    },
    {
      route: '/openid/guide/demo',
      file: 'install-guide.html',
      sources: ['/openid/guide/*', '/openid/guide/*/*'],
      preload: [PUBLIC_QUERY_LAYOUT, PUBLIC_GUIDE],
    },
  ],
  patient: [PORTAL_SIGN_IN],
  therapist: [PORTAL_SIGN_IN],
  admin: [PORTAL_SIGN_IN],
};

/**
 * The page every other route gets (the client-side router renders it): the app's plain index.html, or, where
 * index.html is a prerendered page, a copy of the plain one under this name.
 */
export function shellFile(app: AppName): string {
  return PRERENDERED_PAGES[app].some((p) => p.file === 'index.html') ? 'app.html' : 'index.html';
}

/**
 * A URL as a CSP source expression: its origin, plus its path as a prefix when it has one
 * (`https://api.example.com/v1` → `https://api.example.com/v1/`).
 */
export function cspSource(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  return path ? `${u.origin}${path}/` : u.origin;
}

/** The URL CSP violation reports are sent to. */
export function cspReportUrl(config: Pick<RuntimeConfig, 'apiRoot'>): string {
  return `${config.apiRoot}${CSP_REPORT_PATH}`;
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * The Content-Security-Policy of an app built with `config`.
 *
 * - Scripts: the app's own files (`'self'`) and, by its hash, the one inline script of every page (the colour
 *   scheme set before the first paint, colorScheme.ts: as a file it would be one more request before it); no
 *   other inline script, no eval. Trusted Types enforced for every DOM XSS sink. The only policy allowed is
 *   DOMPurify's (`dompurify`), which the sanitised-HTML components and the image viewer's captions go through.
 * - Styles: `'self'` only. Mantine's runtime `<style>` elements are replaced: the theme's CSS variables and
 *   global classes are a generated stylesheet (packages/ui/src/theme/mantine-theme.css), the responsive
 *   style props' rules go into a constructable stylesheet (packages/ui/src/styles/InlineStyles.tsx), and
 *   React sets `style` properties through the CSSOM, which CSP does not govern. Prerendered pages carry no
 *   `style` attribute (the build moves them to a stylesheet). So no `'unsafe-inline'`, hash or nonce.
 * - Connections: the app itself (translations, assets), the API root, the status host, and the Auth emulator
 *   locally or Firebase Auth's two endpoints in production.
 * - Images: the app, `data:` (Mantine's inline SVG icons in CSS), `blob:` (previews of files) and the API
 *   (moment files, organisation logos).
 * - Violations are reported to the server (`report-to` where the Reporting API exists, `report-uri` elsewhere).
 */
export function contentSecurityPolicy(app: AppName, config: RuntimeConfig): string {
  const api = cspSource(config.apiRoot);
  const auth = config.authEmulatorUrl ? [cspSource(config.authEmulatorUrl)] : [...FIREBASE_AUTH_ORIGINS];
  const { serviceWorker } = CAPABILITIES[app];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    ['script-src', "'self'", COLOR_SCHEME_SCRIPT_HASH],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:', api],
    ['font-src', "'self'"],
    ['connect-src', ...unique(["'self'", api, cspSource(config.statusHost), ...auth])],
    ['manifest-src', serviceWorker ? "'self'" : "'none'"],
    ['worker-src', serviceWorker ? "'self'" : "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ['require-trusted-types-for', "'script'"],
    // DOMPurify's policy; the patient app's service worker registration (`tend-sw`, its URL only).
    ['trusted-types', 'dompurify', ...(serviceWorker ? ['tend-sw'] : [])],
    ...(config.env === 'production' ? [['upgrade-insecure-requests'] as [string]] : []),
    ['report-uri', cspReportUrl(config)],
    ['report-to', CSP_REPORT_GROUP],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Powerful features none of the apps uses, denied to the page and anything it embeds. Only names Chromium
 * knows: an unknown one is a console error on every page.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export interface Header {
  key: string;
  value: string;
}

/** The headers every response of an app carries (its pages, assets and files). */
export function securityHeaders(app: AppName, config: RuntimeConfig): Header[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(app, config) },
    { key: 'Reporting-Endpoints', value: `${CSP_REPORT_GROUP}="${cspReportUrl(config)}"` },
    // Browsers ignore it over plain http (locally); deployed sites are HTTPS only.
    { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    // Not stricter: Firebase Auth's API key may be restricted to the apps' origins, checked on the Referer.
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: DENIED_FEATURES.map((f) => `${f}=()`).join(', ') },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}

/** One site of firebase.json's `hosting` list. */
export interface HostingSite {
  /** The deploy target (`firebase target:apply hosting <app> <site-id>` maps it to a site per project). */
  target: AppName;
  public: string;
  ignore: string[];
  cleanUrls: boolean;
  trailingSlash: boolean;
  headers: Array<{ source: string; headers: Header[] }>;
  rewrites: Array<{ source: string; destination: string }>;
}

/**
 * An app's site. Header rules are applied in order and a later rule's value wins (Firebase Hosting and the
 * local server alike): every path gets the security headers and `no-cache`, then the hashed files directly
 * in /assets/ get `immutable`. Precompressed copies (.br, .gz) are not deployed (Firebase Hosting compresses
 * by itself); source maps are not served.
 */
export function hostingSite(app: AppName, config: RuntimeConfig): HostingSite {
  const pages = PRERENDERED_PAGES[app];
  return {
    target: app,
    public: `apps/${app}/dist`,
    ignore: ['**/.*', '**/.*/**', '**/*.map', '**/*.br', '**/*.gz'],
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      {
        source: '**',
        headers: [...securityHeaders(app, config), { key: 'Cache-Control', value: REVALIDATE }],
      },
      { source: `/${HASHED_ASSETS_DIR}/*`, headers: [{ key: 'Cache-Control', value: IMMUTABLE }] },
    ],
    rewrites: [
      ...pages.flatMap((p) => p.sources.map((source) => ({ source, destination: `/${p.file}` }))),
      // Every other path but the hashed files' folder: a missing chunk answers 404, not a page cached for a year.
      { source: `/!(${HASHED_ASSETS_DIR}){,/**}`, destination: `/${shellFile(app)}` },
    ],
  };
}

/** firebase.json's `hosting`: one site per app. */
export function hostingConfig(config: RuntimeConfig): HostingSite[] {
  return APP_NAMES.map((app) => hostingSite(app, config));
}
