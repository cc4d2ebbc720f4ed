import { createPortal } from '@tend/portal';
import { homeRoutes } from '../features/home/index.ts';
import { tk } from '../tk.ts';

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the patient app: a signed-in patient (scope `patient`), with its own pages and words.
 */
export const portal = createPortal({
  app: 'patient',
  routes: [...homeRoutes],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
