import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem } from '@tend/core';
import { chatIdOf, useMyChatState } from '@tend/domain/chat';
import { useWhoSees } from '@tend/domain/safety-net';
import { useTranslation } from '@tend/i18n';
import { IconLink, PageLoader } from '@tend/ui';
import { useEffect, useState } from 'react';
import { paths } from '../../paths.ts';
import { ActiveChat } from './ActiveChat.tsx';
import { RequestChatForm } from './RequestChatForm.tsx';

/**
 * /chat: talk to a therapist. Without a chat: the request form. With a request waiting or a chat open: who
 * took it (or that it is waiting, and whether it is urgent), the conversation, and End chat. A chat that ends
 * while the page is open stays on screen, read-only, with "Start a new chat".
 */
export function ChatPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const state = useMyChatState();
  const { who, response } = useWhoSees();
  const current = chatIdOf(state.data);
  // The chat shown: the open one, or the one that ended while this page was open (until a new one starts).
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (current) setShown(current);
  }, [current]);
  const chatId = current ?? shown;

  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('chat.titles.chat')}</Title>
        <IconLink to={paths.chatHistory} icon={<IconHistory size={16} aria-hidden="true" />}>
          {t('chat.past')}
        </IconLink>
      </Group>
      {state.isPending ? (
        <PageLoader />
      ) : state.isError && !state.data ? (
        <ProblemAlert problem={toProblem(state.error)} onRetry={() => void state.refetch()} />
      ) : chatId && user ? (
        <>
          <ActiveChat
            key={chatId}
            chatId={chatId}
            selfId={user.uid}
            state={current === chatId ? state.data : undefined}
          />
          {!current && (
            <Group>
              <Button onClick={() => setShown(null)}>{t('chat.startNew')}</Button>
            </Group>
          )}
        </>
      ) : (
        <>
          <Text>
            {t('chat.intro', { who })}
            {response ? ` ${response}` : ''}
          </Text>
          <RequestChatForm />
        </>
      )}
    </Stack>
  );
}
