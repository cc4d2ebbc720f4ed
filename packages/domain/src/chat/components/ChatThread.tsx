import { Box, Text, VisuallyHidden } from '@mantine/core';
import { getLocale } from '@tend/i18n';
import { useEffect, useId, useMemo } from 'react';
import type { ChatMessage } from '@tend/api/model';
import type { Receipt } from '../model/receipts.ts';
import type { ThreadItem } from '../model/thread.ts';
import { useChatWords } from '../words.ts';
import { dayOf, longDateOf, relativeDay } from './format.ts';
import { MessageBubble, useMessageWords, type MessageActions } from './MessageBubble.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { ThreadHistoryBar, type ThreadHistory } from './ThreadHistoryBar.tsx';
import { useThreadScroll } from './useThreadScroll.ts';
import './chat.css';

export type { ThreadHistory } from './ThreadHistoryBar.tsx';

export interface ChatThreadProps extends MessageActions {
  items: readonly ThreadItem[];
  /** The region's accessible name ("Conversation with Alex Morgan"). */
  label: string;
  history?: ThreadHistory | undefined;
  /** chatMessageKey of my message → who read up to it. */
  receipts?: ReadonlyMap<string, Receipt[]> | undefined;
  /** Key of my newest message nobody has read ("Sent" under it). */
  sentKey?: string | null | undefined;
  canEdit?: boolean;
  /** The newest message is in view while the page is visible (mark the chat read). */
  onSeenNewest?: (() => void) | undefined;
  /** The latest message someone else sent live, announced to screen readers (politely). */
  incoming?: { seq: number; message: ChatMessage | null } | undefined;
  /** Height of the scrolling region (CSS). */
  height?: string | number;
  emptyText?: string | undefined;
}

const ANNOUNCE_MAX = 240;

/**
 * The conversation, virtualised (TanStack Virtual, end-anchored: only the rows in view are in the page, so
 * 5,000 messages scroll smoothly; loading earlier messages keeps the message being read in place). It opens at
 * the newest message and stays there as new ones arrive, unless the reader scrolled up: then a "new messages"
 * pill (useThreadScroll). Earlier pages load when scrolling near the top (or by the button, ThreadHistoryBar). New messages from others are
 * announced in a polite live region; the region is focusable, so the keyboard scrolls it.
 */
export function ChatThread({
  items,
  label,
  history,
  receipts,
  sentKey,
  canEdit = false,
  onSeenNewest,
  incoming,
  height = '60vh',
  emptyText,
  ...actions
}: ChatThreadProps) {
  const { td, i18n } = useChatWords();
  const locale = getLocale(i18n);
  const words = useMessageWords();
  const keysId = useId();
  const { parentRef, virtualizer, atEnd, unseen, jumpToEnd, onScroll, lastKey } = useThreadScroll(
    items,
    history,
  );

  // Read once the newest message is in view and the page is visible.
  useEffect(() => {
    if (!onSeenNewest || !atEnd || items.length === 0) return;
    const seen = () => {
      if (document.visibilityState !== 'hidden') onSeenNewest();
    };
    seen();
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [onSeenNewest, atEnd, lastKey, items.length]);

  const announcement = useMemo(() => {
    const m = incoming?.message;
    if (!m) return '';
    const text =
      m.messageBody.length > ANNOUNCE_MAX ? `${m.messageBody.slice(0, ANNOUNCE_MAX)}…` : m.messageBody;
    return td('chat.thread.announce', { name: m.senderName, text });
    // The sequence makes the same text announced again when it is sent twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incoming?.seq, incoming?.message, td]);

  const virtualItems = virtualizer.getVirtualItems();
  const dayOf_ = (item: ThreadItem) => (item.kind === 'message' ? dayOf(item.message.sentAt) : null);

  return (
    <Box pos="relative">
      {history && <ThreadHistoryBar history={history} />}
      <div
        ref={parentRef}
        role="region"
        aria-label={label}
        aria-describedby={keysId}
        // A scrolling region must be reachable by keyboard to be read (WCAG 2.1.1; axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={onScroll}
        className="tend-chat-thread"
        style={{
          height,
          overflowY: 'auto',
          overflowAnchor: 'none',
          contain: 'strict',
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" p="lg">
            {emptyText ?? td('chat.thread.empty')}
          </Text>
        ) : (
          <div
            role="list"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {virtualItems.map((row) => {
              const item = items[row.index]!;
              const day = dayOf_(item);
              const previous = row.index > 0 ? items[row.index - 1] : undefined;
              const newDay = day !== null && (!previous || dayOf_(previous) !== day);
              const sentAt = item.kind === 'message' ? item.message.sentAt : null;
              const relative = newDay && sentAt ? relativeDay(sentAt) : null;
              const first = row.index === 0 && history && !history.hasOlder;
              return (
                <div
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  role="listitem"
                  aria-setsize={items.length}
                  aria-posinset={row.index + 1}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${row.start}px)`,
                  }}
                >
                  {first && <p className="tend-chat-start">{td('chat.thread.start')}</p>}
                  {newDay && sentAt && (
                    <p className="tend-chat-day">
                      {relative === 'today'
                        ? td('chat.thread.today')
                        : relative === 'yesterday'
                          ? td('chat.thread.yesterday')
                          : longDateOf(sentAt, locale)}
                    </p>
                  )}
                  <MessageBubble
                    item={item}
                    words={words}
                    locale={locale}
                    receipts={receipts?.get(item.key)}
                    showSent={item.key === sentKey}
                    canEdit={canEdit}
                    {...actions}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
      <VisuallyHidden id={keysId}>{td('chat.thread.keyboard')}</VisuallyHidden>
      {unseen > 0 && !atEnd && <NewMessagesPill count={unseen} onClick={jumpToEnd} />}
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}
