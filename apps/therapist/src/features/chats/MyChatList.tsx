import { Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { useTherapistChats } from '@tend/domain/chat';
import { getLocale, useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { MyChatRow } from './MyChatRow.tsx';
import { PagedRows } from '../../components/PagedRows.tsx';

const ROW_ESTIMATE = 88;
const LIST_BORDER = { border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 };
/** As tall as the rows need (as estimated), up to most of the screen; beyond that it scrolls. */
const listStyle = (rows: number) => ({
  ...LIST_BORDER,
  height: `min(70vh, 760px, ${rows * ROW_ESTIMATE + 2}px)`,
});

/**
 * My open chats, most recent activity first, virtualised (only the rows in view are in the page) and read a
 * page at a time, the next page asked for as the end comes into view.
 */
export function MyChatList() {
  const { t, i18n } = useTranslation('therapist');
  const locale = getLocale(i18n);
  const query = useTherapistChats();
  const { chats, hasNextPage, isPending, error } = query;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-chats-heading">
      <Title order={2} id="my-chats-heading">
        {t('chats.mine.title')}
      </Title>
      {isPending ? (
        <Spinner label={t('chats.mine.loading')} showLabel size="sm" />
      ) : error && chats.length === 0 ? (
        <ProblemAlert
          problem={toProblem(error)}
          title={t('chats.mine.failed')}
          onRetry={() => void query.refetch()}
        />
      ) : chats.length === 0 ? (
        <Text c="dimmed">{t('chats.mine.none')}</Text>
      ) : (
        <PagedRows
          query={query}
          failed={query.isFetchNextPageError}
          loadingMoreLabel={t('chats.mine.loadingMore')}
          failedMoreTitle={t('chats.mine.failedMore')}
          items={chats}
          itemKey={(c) => c.session.chatSessionId}
          renderItem={(chat) => <MyChatRow chat={chat} locale={locale} />}
          rowVersion={locale}
          label={t('chats.mine.listLabel')}
          estimateSize={ROW_ESTIMATE}
          overscan={5}
          prefetch={8}
          testId="my-chats-list"
          rowTestId="my-chat-row"
          style={listStyle(chats.length + (hasNextPage ? 1 : 0))}
        />
      )}
    </Stack>
  );
}
