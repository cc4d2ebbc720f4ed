import { startPortal } from '@tend/portal';
import { portal } from './app/portal.ts';
import '@tend/ui/styles.css';

// Start-up (runtime configuration → translations → sign-in → render) is the portals' shared one.
startPortal(portal, __TEND_RUNTIME_CONFIG__).catch((error: unknown) =>
  console.error('Application bootstrap failed', error),
);
