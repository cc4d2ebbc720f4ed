import { createPortal } from '@tend/portal';
import { homeRoutes } from '../features/home/index.ts';
import { tk } from '../tk.ts';

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the therapist console: a signed-in therapist (scope `therapist`, `lead-therapist` when held), with its own pages and words.
 */
export const portal = createPortal({
  app: 'therapist',
  routes: [...homeRoutes],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
