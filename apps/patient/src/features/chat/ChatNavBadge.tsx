import { Badge, VisuallyHidden } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { chatIdOf, chatSignOutStep, useChat, useMyChatState } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { useEffect } from 'react';

/**
 * Rendered by the shell on every signed-in page: follows my open chat or request (the same client the chat
 * page uses) for its unread count, shown after "Chat" (part of the link's name: "Chat 2 unread"), and at
 * sign-out stops the chat and revokes my chat tokens while the session still authorises it.
 */
export function ChatNavBadge() {
  const { t } = useTranslation('patient');
  const { user, client: auth } = useAuth();
  useEffect(() => auth.beforeSignOut(chatSignOutStep('patient')), [auth]);
  const state = useMyChatState();
  const { snapshot } = useChat(chatIdOf(state.data), { role: 'patient', selfId: user?.uid });
  const unread = snapshot?.thread.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge size="sm" circle={unread < 10} color="red">
      {unread}
      <VisuallyHidden> {t('chat.unread')}</VisuallyHidden>
    </Badge>
  );
}
