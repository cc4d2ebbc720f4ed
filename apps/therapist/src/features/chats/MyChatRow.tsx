import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ChatOverview } from '@tend/api/model';
import { timeOf } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { EmergencyBadge } from './EmergencyBadge.tsx';

/** One of my chats: the patient (their whole name, wrapped), urgent or not, my unread count, the last message. */
export function MyChatRow({ chat, locale }: { chat: ChatOverview; locale: string }) {
  const { t } = useTranslation('therapist');
  const { session, unreadCount, lastMessage } = chat;
  return (
    <UnstyledButton
      component={Link}
      to={paths.chat(session.chatSessionId)}
      p="md"
      display="block"
      w="100%"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {session.patientName ?? t('chats.unknownPatient')}
            </Text>
            {session.emergency && <EmergencyBadge variant="light" />}
          </Group>
          {lastMessage && (
            <Text size="sm" c="dimmed" truncate>
              {lastMessage.senderName}: {lastMessage.messageBody}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          {lastMessage && (
            <Text size="xs" c="dimmed">
              {timeOf(lastMessage.sentAt, locale)}
            </Text>
          )}
          {unreadCount > 0 && <Badge>{t('chats.mine.unread', { count: unreadCount })}</Badge>}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
