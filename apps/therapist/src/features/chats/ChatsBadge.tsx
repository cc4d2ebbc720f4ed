import { lazy, Suspense } from 'react';

const ChatsNavBadge = lazy(async () => ({ default: (await import('./ChatsNavBadge.tsx')).ChatsNavBadge }));

/**
 * The Chats entry's badge (waiting requests and unread messages) and what chat needs while the console is
 * open (new-request alerts, revoking chat tokens at sign-out). A lazy chunk: none of it is in the first JavaScript.
 */
export function ChatsBadge() {
  return (
    <Suspense fallback={null}>
      <ChatsNavBadge />
    </Suspense>
  );
}
