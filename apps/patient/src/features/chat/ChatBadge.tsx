import { lazy, Suspense } from 'react';

const ChatNavBadge = lazy(async () => ({ default: (await import('./ChatNavBadge.tsx')).ChatNavBadge }));

/**
 * The Chat entry's badge in the navigation (the unread count), and what chat needs while the patient is
 * signed in (the live connection of an open chat, revoking chat tokens at sign-out). A lazy chunk: the chat
 * client stays out of the app's first JavaScript.
 */
export function ChatBadge() {
  return (
    <Suspense fallback={null}>
      <ChatNavBadge />
    </Suspense>
  );
}
