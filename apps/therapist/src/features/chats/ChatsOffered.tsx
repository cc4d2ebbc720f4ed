import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@tend/auth';
import { useOffered } from '@tend/domain/offered';
import { useTranslation } from '@tend/i18n';

/** Whether the therapist's organisation offers chat with patients (chat or urgent chat in its app settings). */
function useChatsOffered(): boolean {
  const { user } = useAuth();
  const { features } = useOffered(user?.uid);
  return features.chat || features.emergencyChat;
}

/** For the navigation: the Chats entry only where the organisation offers chat. */
export function useFeatureOffered(): (feature: string) => boolean {
  const chats = useChatsOffered();
  return useCallback((feature: string) => feature !== 'chat' || chats, [chats]);
}

/** The chat pages, or a plain note that the organisation does not offer chat with patients. */
export function ChatsOfferedGate() {
  const { t } = useTranslation('therapist');
  if (useChatsOffered()) return <Outlet />;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('chats.titles.chats')}</Title>
      <Alert color="gray" variant="light" title={t('chats.notOffered.title')}>
        <Text size="sm">{t('chats.notOffered.text')}</Text>
      </Alert>
    </Stack>
  );
}
