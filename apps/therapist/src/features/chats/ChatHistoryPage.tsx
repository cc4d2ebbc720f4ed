import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem } from '@tend/core';
import { ChatTranscripts, useTherapistChatHistory } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** /chats/history: my ended chats, newest first, 20 at a time, each opened as a read-only conversation. */
export function ChatHistoryPage() {
  const { t } = useTranslation('therapist');
  const { user } = useAuth();
  const history = useTherapistChatHistory();
  const sessions = history.data?.pages.flatMap((p) => p.sessions) ?? [];
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={paths.chats} size="sm">
        {t('chats.backToChats')}
      </Anchor>
      <Title order={1}>{t('chats.titles.history')}</Title>
      <Text c="dimmed">{t('chats.history.intro')}</Text>
      {history.isPending ? (
        <PageLoader />
      ) : history.isError && !history.data ? (
        <ProblemAlert problem={toProblem(history.error)} onRetry={() => void history.refetch()} />
      ) : (
        <ChatTranscripts
          sessions={sessions}
          selfId={user?.uid ?? ''}
          titleOf={(s) => s.patientName ?? t('chats.unknownPatient')}
          emptyText={t('chats.history.none')}
          more={
            history.hasNextPage
              ? { loading: history.isFetchingNextPage, onLoad: () => void history.fetchNextPage() }
              : undefined
          }
        />
      )}
    </Stack>
  );
}
