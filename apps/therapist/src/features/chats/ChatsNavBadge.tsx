import { Badge, Group } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { chatSignOutStep, useChatsBadge } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { useEffect } from 'react';
import { useRequestAlerts } from './useRequestAlerts.tsx';

/**
 * Rendered by the shell on every page of the console: how many people wait for a chat and how many messages
 * I have not read (part of the link's name: "Chats 2 waiting 5 unread"), the alerts for new requests, and the
 * revocation of my chat tokens at sign-out (while the session still authorises it).
 */
export function ChatsNavBadge() {
  const { t } = useTranslation('therapist');
  const { client: auth } = useAuth();
  useEffect(() => auth.beforeSignOut(chatSignOutStep('therapist')), [auth]);
  // Unread across every open chat (the server's total), not only the chats a list has loaded.
  const { requests, waiting, unread } = useChatsBadge();
  useRequestAlerts(requests);
  if (waiting === 0 && unread === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {waiting > 0 && (
        <Badge size="sm" color="red">
          {t('chats.badge.waiting', { count: waiting })}
        </Badge>
      )}
      {unread > 0 && (
        <Badge size="sm" variant="light">
          {t('chats.badge.unread', { count: unread })}
        </Badge>
      )}
    </Group>
  );
}
