import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ProblemAlert, toProblem } from '@tend/core';
import { timeOf, useTherapistChats } from '@tend/domain/chat';
import { getLocale, useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** My open chats, most recent activity first: the patient, urgent or not, my unread count, the last message. */
export function MyChatList() {
  const { t, i18n } = useTranslation('therapist');
  const locale = getLocale(i18n);
  const chats = useTherapistChats();
  const items = chats.data?.items ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-chats-heading">
      <Title order={2} id="my-chats-heading">
        {t('chats.mine.title')}
      </Title>
      {chats.isPending ? (
        <PageLoader />
      ) : chats.isError && !chats.data ? (
        <ProblemAlert problem={toProblem(chats.error)} onRetry={() => void chats.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('chats.mine.none')}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('chats.mine.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map(({ session, unreadCount, lastMessage }) => (
            <Card key={session.chatSessionId} component="li" withBorder radius="md" padding={0}>
              <UnstyledButton
                component={Link}
                to={paths.chat(session.chatSessionId)}
                p="md"
                display="block"
                w="100%"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={700}>{session.patientName ?? t('chats.unknownPatient')}</Text>
                      {session.emergency && (
                        <Badge
                          color="red"
                          variant="light"
                          leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}
                        >
                          {t('chats.requests.emergency')}
                        </Badge>
                      )}
                    </Group>
                    {lastMessage && (
                      <Text size="sm" c="dimmed" truncate>
                        {lastMessage.senderName}: {lastMessage.messageBody}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {lastMessage && (
                      <Text size="xs" c="dimmed">
                        {timeOf(lastMessage.sentAt, locale)}
                      </Text>
                    )}
                    {unreadCount > 0 && <Badge>{t('chats.mine.unread', { count: unreadCount })}</Badge>}
                  </Group>
                </Group>
              </UnstyledButton>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
