import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { isSignupHost } from '@tend/config/hosts';
import { getRuntimeConfig, initRuntimeConfig } from '@tend/config/runtime';
import { initI18n, langFromSearch } from '@tend/i18n';
import { installGlobalErrorHandlers, mountApp, routerReady, setErrorReporter } from '@tend/ui';
import { App } from './app/App.tsx';
import { createRoutes } from './app/routes.tsx';
import './mantine.css';
import './styles.css';

/**
 * Errors go to POST /error-reporting through the api package's reporter (throttled to one a second), with the
 * page they happened on. The api package is loaded on the first report, keeping it out of the initial bundle.
 */
function wireErrorReporting() {
  setErrorReporter(async (message, error, context) => {
    const { configureErrorReporter, reportClientError } = await import('@tend/api');
    configureErrorReporter({ reporter: 'public' });
    return reportClientError({
      message: error instanceof Error && error.message ? `${message}: ${error.message}` : message,
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      context: { ...context, path: window.location.pathname },
    });
  });
  installGlobalErrorHandlers();
}

/**
 * Start-up, in order: runtime configuration → translations and the page's route (loaded together) → render.
 * The entry pages are prerendered (on screen already): the first render is the same page and replaces them.
 * A failure is written to the console.
 */
async function bootstrap() {
  initRuntimeConfig(__TEND_RUNTIME_CONFIG__);
  wireErrorReporting();
  const signupHost = isSignupHost(window.location.host, getRuntimeConfig().signupHost);
  const router = createBrowserRouter(createRoutes(signupHost));
  const [i18n] = await Promise.all([
    initI18n({ app: 'public', lang: langFromSearch(window.location.search) ?? null }),
    routerReady(router),
  ]);
  await mountApp(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  );
  // Is the visitor in a region the service serves? Asked once per visit, after the first page, in its own chunk.
  void import('@tend/domain/regions').then(({ watchRegion }) => watchRegion(router));
}

// The app starts once the page has finished loading (spec section 1).
function start() {
  bootstrap().catch((error: unknown) => console.error('Application bootstrap failed', error));
}
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
