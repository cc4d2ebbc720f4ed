import { StrictMode } from 'react';
import { configureErrorReporter, createQueryClient, reportClientError } from '@tend/api';
import { initRuntimeConfig, type RuntimeConfig } from '@tend/config/runtime';
import { initI18n, langFromSearch, rememberedLanguage } from '@tend/i18n';
import { installGlobalErrorHandlers, mountApp, routerReady, setErrorReporter } from '@tend/ui';
import { initAuth } from '@tend/auth';
import type { Portal } from './createPortal.tsx';
import { PortalApp } from './PortalApp.tsx';
import { prefetches } from './createPortal.tsx';

/** Errors go to POST /error-reporting (throttled by the api package), with the page they happened on. */
function wireErrorReporting(reporter: string) {
  configureErrorReporter({ reporter });
  setErrorReporter((message, error, context) =>
    reportClientError({
      message: error instanceof Error && error.message ? `${message}: ${error.message}` : message,
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      context: { ...context, path: window.location.pathname },
    }),
  );
  installGlobalErrorHandlers();
}

/**
 * Starts a portal in the browser, in order: runtime configuration (the one its build was given) → error
 * reporting → the session (Firebase only when this tab holds one to restore) → translations and the first
 * page (loaded together) → render into #root. The sign-in page is prerendered: the first render is the same
 * page and takes its place (mountApp).
 */
export async function startPortal(portal: Portal, config: RuntimeConfig): Promise<void> {
  initRuntimeConfig(config);
  wireErrorReporting(portal.app);
  const queryClient = createQueryClient();
  const auth = await initAuth({ app: portal.app, scopes: portal.scopes, queryClient });
  // The first views' prefetches (their routes' loaders import them): at once when the tab restores a session,
  // so they are there when the first page's loaders run; else once the sign-in page is on screen (below).
  const signedOut = auth.getSnapshot().status === 'signedOut';
  if (!signedOut) void prefetches();
  const router = portal.createRouter(auth, queryClient);
  // ?lang= first, else the language last chosen in this browser (so a reload, or an offline start, shows it
  // from the first render); the account's own language follows once it is read (SignedInLayout).
  const remembered = rememberedLanguage();
  const lang =
    langFromSearch(window.location.search) ??
    (remembered && portal.languages.includes(remembered) ? remembered : null);
  const [i18n] = await Promise.all([initI18n({ app: portal.app, lang }), routerReady(router)]);
  await mountApp(
    <StrictMode>
      <PortalApp portal={portal} i18n={i18n} queryClient={queryClient} auth={auth} router={router} />
    </StrictMode>,
  );
  // Is the visitor in a region the service serves? Asked once per visit, after the first page, in its own chunk.
  void import('@tend/domain/regions').then(({ watchRegion }) => watchRegion(router));
  if (signedOut) void prefetches();
}
