import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureErrorReporter, createQueryClient, reportClientError } from '@tend/api';
import { initAuth } from '@tend/auth';
import { initRuntimeConfig } from '@tend/config/runtime';
import { initI18n, langFromSearch } from '@tend/i18n';
import { installGlobalErrorHandlers, setErrorReporter } from '@tend/ui';
import { App } from './app/App.tsx';
import '@tend/ui/styles.css';

/** Errors go to POST /error-reporting (throttled by the api package), with the page they happened on. */
function wireErrorReporting() {
  configureErrorReporter({ reporter: 'therapist' });
  setErrorReporter((message, error, context) =>
    reportClientError({
      message: error instanceof Error && error.message ? `${message}: ${error.message}` : message,
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      context: { ...context, path: window.location.pathname },
    }),
  );
  installGlobalErrorHandlers();
}

/** Start-up, in order: runtime configuration → translations → sign-in → render. A failure goes to the console. */
async function bootstrap() {
  initRuntimeConfig(import.meta.env);
  wireErrorReporting();
  const i18n = await initI18n({ app: 'therapist', lang: langFromSearch(window.location.search) ?? null });
  const queryClient = createQueryClient();
  const auth = await initAuth({ app: 'therapist', queryClient });
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} auth={auth} />
    </StrictMode>,
  );
}

bootstrap().catch((error: unknown) => console.error('Application bootstrap failed', error));
