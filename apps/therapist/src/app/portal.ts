import { createPortal } from '@tend/portal';
import { createElement } from 'react';
import { IconMessages } from '@tabler/icons-react';
import { chatsRoutes, ChatsBadge } from '../features/chats/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { paths } from '../paths.ts';
import { tk } from '../tk.ts';

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the therapist console: a signed-in therapist (scope `therapist`, `lead-therapist` when held), with its own pages and words.
 */
export const portal = createPortal({
  app: 'therapist',
  routes: [...homeRoutes, ...chatsRoutes],
  navigation: [
    // chats (features/chats): waiting requests and unread messages are the entry's badge
    { to: paths.chats, label: tk('chats.nav'), icon: createElement(IconMessages, { size: 18, 'aria-hidden': true }), badge: ChatsBadge },
  ],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
