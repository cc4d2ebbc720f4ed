import { createPortal } from '@tend/portal';
import { createElement } from 'react';
import { IconMessageCircle } from '@tabler/icons-react';
import { chatRoutes, ChatBadge } from '../features/chat/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { paths } from '../paths.ts';
import { tk } from '../tk.ts';

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the patient app: a signed-in patient (scope `patient`), with its own pages and words.
 */
export const portal = createPortal({
  app: 'patient',
  routes: [...homeRoutes, ...chatRoutes],
  navigation: [
    // chat (features/chat): the unread count is the entry's badge
    { to: paths.chat, label: tk('chat.nav'), icon: createElement(IconMessageCircle, { size: 18, 'aria-hidden': true }), badge: ChatBadge },
  ],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
