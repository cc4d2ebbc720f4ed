import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getRuntimeConfig, initRuntimeConfig } from '@tend/config/runtime';
import { isSignupHost } from '@tend/config/hosts';
import { initI18n, langFromSearch } from '@tend/i18n';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/providers.tsx';
import '@mantine/core/styles.css';
import './styles.css';

/** Start-up, in order: runtime configuration → translations → render. A failure is written to the console. */
async function bootstrap() {
  initRuntimeConfig(import.meta.env);
  const i18n = await initI18n({ app: 'public', lang: langFromSearch(window.location.search) ?? null });
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  const signupHost = isSignupHost(window.location.host, getRuntimeConfig().signupHost);
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={createQueryClient()} signupHost={signupHost} />
    </StrictMode>,
  );
}

// The app starts once the page has finished loading (spec section 1).
function start() {
  bootstrap().catch((error: unknown) => console.error('Application bootstrap failed', error));
}
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
