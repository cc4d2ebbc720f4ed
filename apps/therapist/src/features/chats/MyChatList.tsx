import { Stack, Title } from '@mantine/core';
import { useTherapistChats } from '@tend/domain/chat';
import { getLocale, useTranslation } from '@tend/i18n';
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
  const { chats, hasNextPage } = query;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-chats-heading">
      <Title order={2} id="my-chats-heading">
        {t('chats.mine.title')}
      </Title>
      <PagedRows
        query={query}
        failed={query.isFetchNextPageError}
        loadingLabel={t('chats.mine.loading')}
        failedTitle={t('chats.mine.failed')}
        emptyText={t('chats.mine.none')}
        loadingMoreLabel={t('chats.mine.loadingMore')}
        failedMoreTitle={t('chats.mine.failedMore')}
        label={t('chats.mine.listLabel')}
        items={chats}
        itemKey={(c) => c.session.chatSessionId}
        renderItem={(chat) => <MyChatRow chat={chat} locale={locale} />}
        rowVersion={locale}
        estimateSize={ROW_ESTIMATE}
        overscan={5}
        prefetch={8}
        testId="my-chats-list"
        rowTestId="my-chat-row"
        style={listStyle(chats.length + (hasNextPage ? 1 : 0))}
      />
    </Stack>
  );
}
