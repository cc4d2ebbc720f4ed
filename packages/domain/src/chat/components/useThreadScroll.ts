/**
 * The conversation's scrolling: a virtualiser anchored at the end (TanStack Virtual: only the rows in view
 * are in the page; loading earlier messages keeps the message being read in place) that opens at the newest
 * message and stays there as new ones arrive unless the reader scrolled up themselves (then it counts the
 * messages they have not seen, for the "new messages" pill), and loads earlier pages near the top.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ThreadItem } from '../model/thread.ts';
import type { ThreadHistory } from './ThreadHistoryBar.tsx';

/** Estimated row height before a row is measured (a one-line message with its header). */
const ESTIMATE = 76;
/** Within this distance of the end, the view follows new messages. */
const END_THRESHOLD = 80;
/** Closer than this to the top, earlier messages are loaded. */
const LOAD_OLDER_WITHIN = 600;
const estimateSize = () => ESTIMATE;
/** Keys that scroll the focused region. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
/** A scroll event this soon after the reader's wheel, touch or key is theirs. */
const READER_SCROLL_MS = 1_000;

export function useThreadScroll(items: readonly ThreadItem[], history: ThreadHistory | undefined) {
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

  return { parentRef, virtualizer, atEnd, unseen, jumpToEnd, onScroll, lastKey };
}
