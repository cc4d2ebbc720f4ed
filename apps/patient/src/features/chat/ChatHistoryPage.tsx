import { Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ChatHistorySessionsItem } from '@tend/api/model';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem } from '@tend/core';
import { ChatTranscripts, useMyChatHistory } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { IconLink, PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';

/** /chat/history: my conversations, newest first, each opened as a read-only thread. */
export function ChatHistoryPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const history = useMyChatHistory();
  const titleOf = (session: ChatHistorySessionsItem) => {
    const names = session.participants.filter((p) => p.userId !== session.patientId).map((p) => p.name);
    return names.length ? t('chat.history.with', { names: names.join(', ') }) : t('chat.history.request');
  };
  return (
    <Stack gap="md" maw={880}>
      <IconLink to={paths.chat} icon={<IconArrowLeft size={16} aria-hidden="true" />}>
        {t('chat.backToChat')}
      </IconLink>
      <Title order={1}>{t('chat.titles.history')}</Title>
      <Text c="dimmed">{t('chat.history.intro')}</Text>
      {history.isPending ? (
        <PageLoader />
      ) : history.isError && !history.data ? (
        <ProblemAlert problem={toProblem(history.error)} onRetry={() => void history.refetch()} />
      ) : (
        <ChatTranscripts
          sessions={history.data.sessions}
          selfId={user?.uid ?? ''}
          titleOf={titleOf}
          emptyText={t('chat.history.none')}
        />
      )}
    </Stack>
  );
}
