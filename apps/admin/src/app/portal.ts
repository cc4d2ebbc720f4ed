import { createPortal } from '@tend/portal';
import { homeRoutes } from '../features/home/index.ts';
import { tk } from '../tk.ts';

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the administration console: an organisation administrator (scope `org-admin`, `data-export` when held), with its own pages and words.
 */
export const portal = createPortal({
  app: 'admin',
  routes: [...homeRoutes],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
