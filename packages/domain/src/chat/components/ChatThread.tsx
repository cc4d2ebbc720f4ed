import { Box, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { getLocale } from '@tend/i18n';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '@tend/api/model';
import type { Receipt } from '../model/receipts.ts';
import type { ThreadItem } from '../model/thread.ts';
import { useChatWords } from '../words.ts';
import { dayOf, longDateOf, relativeDay } from './format.ts';
import { MessageBubble, useMessageWords, type MessageActions } from './MessageBubble.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import './chat.css';

export interface ThreadHistory {
  /** Older messages exist and are not loaded. */
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  onLoadOlder(): void;
}

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

/** Estimated row height before a row is measured (a one-line message with its header). */
const ESTIMATE = 76;
/** Within this distance of the end, the view follows new messages. */
const END_THRESHOLD = 80;
/** Closer than this to the top, earlier messages are loaded. */
const LOAD_OLDER_WITHIN = 600;
const ANNOUNCE_MAX = 240;
const estimateSize = () => ESTIMATE;
/** Keys that scroll the focused region. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
/** A scroll event this soon after the reader's wheel, touch or key is theirs. */
const READER_SCROLL_MS = 1_000;

/**
 * The conversation, virtualised (TanStack Virtual, end-anchored: only the rows in view are in the page, so
 * 5,000 messages scroll smoothly; loading earlier messages keeps the message being read in place). It opens at
 * the newest message and stays there as new ones arrive, unless the reader scrolled up: then a "new messages"
 * pill. Earlier pages load when scrolling near the top (or by the button). New messages from others are
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
  const parentRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  // Whether the view stays at the newest message: true until the reader scrolls up themselves (wheel, touch,
  // pointer or scrolling keys), true again once they are back at the end. Layout changes (rows measured, a page
  // of history) never unpin it, however slow the device is to settle.
  const pinnedRef = useRef(true);
  const readerMovedAtRef = useRef(Number.NEGATIVE_INFINITY);
  const pointerDownRef = useRef(false);
  const lastTopRef = useRef(0);
  const [unseen, setUnseen] = useState(0);
  const lastKeyRef = useRef<string | null>(null);
  const startedRef = useRef(false);

  // Stable options: the virtualizer measures the whole list again whenever getItemKey changes.
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const getScrollElement = useCallback(() => parentRef.current, []);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD,
    overscan: 6,
  });

  // Open at the newest message once there is something to show.
  useLayoutEffect(() => {
    if (startedRef.current || items.length === 0) return;
    startedRef.current = true;
    virtualizer.scrollToEnd();
  }, [items.length, virtualizer]);

  // New rows at the end: mine scroll into view; others' are counted for the pill when the reader is up the thread.
  const lastKey = items.at(-1)?.key ?? null;
  useLayoutEffect(() => {
    const previous = lastKeyRef.current;
    lastKeyRef.current = lastKey;
    if (!previous || previous === lastKey) return;
    const from = items.findIndex((i) => i.key === previous);
    if (from < 0) return;
    const added = items.slice(from + 1);
    if (added.length === 0) return;
    // Mine, or the reader was at the newest message (however many rows came, e.g. a page of history after the
    // first message): stay at the newest.
    if (added.some((i) => i.own) || pinnedRef.current) {
      virtualizer.scrollToEnd();
      return;
    }
    if (!virtualizer.isAtEnd(END_THRESHOLD)) setUnseen((n) => n + added.length);
  }, [lastKey, items, virtualizer]);

  // Rows measured (or fonts loaded) change the height while pinned: back to the newest message.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (startedRef.current && pinnedRef.current && !virtualizer.isAtEnd(END_THRESHOLD))
      virtualizer.scrollToEnd();
  }, [totalSize, virtualizer]);

  const jumpToEnd = useCallback(() => {
    pinnedRef.current = true;
    readerMovedAtRef.current = Number.NEGATIVE_INFINITY;
    virtualizer.scrollToEnd();
    setUnseen(0);
    setAtEnd(true);
  }, [virtualizer]);

  // The reader's own scrolling (observed passively; the browser scrolls the region natively). It also stops a
  // scroll to the end still settling, which would otherwise pull the reader back down.
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  useEffect(() => {
    const el = parentRef.current;
    if (!el) return;
    const moves = () => {
      readerMovedAtRef.current = performance.now();
      virtualizerRef.current.cancelScroll();
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) moves();
    };
    const onPointerDown = () => {
      pointerDownRef.current = true;
      moves();
    };
    const onPointerUp = () => {
      pointerDownRef.current = false;
    };
    el.addEventListener('wheel', moves, { passive: true });
    el.addEventListener('touchstart', moves, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    return () => {
      el.removeEventListener('wheel', moves);
      el.removeEventListener('touchstart', moves);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
    };
  }, []);

  const onScroll = () => {
    const end = virtualizer.isAtEnd(END_THRESHOLD);
    const top = parentRef.current?.scrollTop ?? 0;
    const up = top < lastTopRef.current - 1;
    lastTopRef.current = top;
    const readerScrolling =
      pointerDownRef.current || performance.now() - readerMovedAtRef.current < READER_SCROLL_MS;
    // Checked before `end`: a smooth scroll up starts within the end threshold.
    if (readerScrolling && up) pinnedRef.current = false;
    else if (end) pinnedRef.current = true;
    if (end !== atEnd) setAtEnd(end);
    if (end && unseen) setUnseen(0);
    const el = parentRef.current;
    if (
      el &&
      history?.hasOlder &&
      !history.loading &&
      !history.failed &&
      !end &&
      el.scrollTop < LOAD_OLDER_WITHIN
    )
      history.onLoadOlder();
  };

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
      {history && (history.loading || history.failed || history.hasOlder) && (
        <Group justify="center" gap="xs" mb={4} mih={28}>
          {history.loading ? (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="xs">{td('chat.thread.loadingOlder')}</Text>
            </Group>
          ) : (
            <>
              {history.failed && (
                <Text size="xs" c="red.8">
                  {td('chat.thread.olderFailed')}
                </Text>
              )}
              <Button size="compact-xs" variant="subtle" onClick={history.onLoadOlder}>
                {td('chat.thread.loadOlder')}
              </Button>
            </>
          )}
        </Group>
      )}
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
