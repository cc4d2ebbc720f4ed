import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconMessageCircle } from '@tabler/icons-react';
import type { ChatExists } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { acceptedBy, ChatConversation, useChat, useEndMyChat } from '@tend/domain/chat';
import { CrisisLines } from '@tend/domain/crisis';
import { useOffered } from '@tend/domain/offered';
import { useWhoSees } from '@tend/domain/safety-net';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { useState } from 'react';

export interface ActiveChatProps {
  chatId: string;
  selfId: string;
  /** My chat state while this chat is the open one (undefined once it ended). */
  state: ChatExists | undefined;
}

/** My chat or request: its state (waiting, urgent, who took it), the conversation, and End chat / Withdraw. */
export function ActiveChat({ chatId, selfId, state }: ActiveChatProps) {
  const { t } = useTranslation('patient');
  const { client, snapshot } = useChat(chatId, { role: 'patient', selfId, history: true });
  const endChat = useEndMyChat();
  const { who, response } = useWhoSees();
  // The organisation's own crisis lines (kept on the device), else the built-in ones.
  const { crisisLines } = useOffered(selfId);
  const firstLine = crisisLines[0];
  const end = useSubmit(() => endChat.mutateAsync(), { onSuccess: () => setConfirming(false) });
  const [confirming, setConfirming] = useState(false);
  if (!client || !snapshot) return <PageLoader />;

  const session = snapshot.session;
  const therapists = session ? acceptedBy(session) : [];
  const ended = !state || session?.status === 'ended' || snapshot.connection.status === 'closed';
  const waiting = !ended && therapists.length === 0;
  const names = therapists.join(', ');
  const label = names ? t('chat.conversationWith', { names }) : t('chat.conversation');

  return (
    <Stack gap="md">
      {!ended && (
        <Paper withBorder p="md" radius="md" role="status">
          {waiting ? (
            <Stack gap={6}>
              <Group gap="xs">
                <IconClockHour4 size={20} aria-hidden="true" />
                <Text fw={700}>{t('chat.waiting.title')}</Text>
                {session?.emergency && (
                  <Badge color="red" variant="filled">
                    {t('chat.urgent')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {session?.emergency ? t('chat.waiting.urgentText') : t('chat.waiting.text', { who })}
                {!session?.emergency && response ? ` ${response}` : ''}
              </Text>
              {session?.emergency && (
                <Stack gap="xs" mt="xs" data-testid="waiting-crisis-lines">
                  <Title order={2} size="h5">
                    {t('chat.waiting.linesTitle')}
                  </Title>
                  <CrisisLines lines={crisisLines} />
                </Stack>
              )}
            </Stack>
          ) : (
            <Group gap="xs">
              <IconMessageCircle size={20} aria-hidden="true" />
              <Text fw={700}>{t('chat.acceptedBy', { names })}</Text>
              {session?.emergency && (
                <Badge color="red" variant="filled">
                  {t('chat.urgent')}
                </Badge>
              )}
            </Group>
          )}
        </Paper>
      )}
      {!ended && (
        <Alert variant="light" color="blue">
          {firstLine
            ? t('chat.notEmergencyLine', { name: firstLine.name, phone: firstLine.phone })
            : t('chat.notEmergency')}
        </Alert>
      )}
      <ChatConversation
        client={client}
        snapshot={snapshot}
        label={label}
        height="clamp(240px, calc(100dvh - 420px), 900px)"
      />
      {!ended &&
        (confirming ? (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Text fw={600}>{waiting ? t('chat.end.confirmWithdraw') : t('chat.end.confirm')}</Text>
              <Group>
                <Button color="red" loading={end.pending} onClick={() => void end.submit()}>
                  {waiting ? t('chat.end.withdraw') : t('chat.end.end')}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {waiting ? t('chat.end.keepWaiting') : t('chat.end.keep')}
                </Button>
              </Group>
              <ProblemAlert problem={end.problem} onRetry={() => void end.submit()} />
            </Stack>
          </Paper>
        ) : (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {waiting ? t('chat.end.withdraw') : t('chat.end.end')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
