import { memo, useMemo, type ReactNode } from 'react';
import type { Receipt } from '../model/receipts.ts';
import type { ThreadItem } from '../model/thread.ts';
import { useChatWords } from '../words.ts';
import { dateTimeOf, timeOf } from './format.ts';
import { LinkedText } from './LinkedText.tsx';
import './chat.css';

export interface MessageActions {
  onRetry?: ((key: string) => void) | undefined;
  onDiscard?: ((key: string) => void) | undefined;
  /** Start editing my message (the composer takes it). */
  onEdit?: ((key: string) => void) | undefined;
  onRetryEdit?: ((key: string) => void) | undefined;
  onDropEdit?: ((key: string) => void) | undefined;
}

/** The words of a message row, translated once per thread (a thread renders many rows). */
export interface MessageWords {
  you: string;
  edited: string;
  sending: string;
  notSent: string;
  notSentOffline: string;
  notSentEnded: string;
  retry: string;
  discard: string;
  edit: string;
  saving: string;
  editFailed: string;
  retryEdit: string;
  keepOriginal: string;
  sent: string;
  readBy(names: string): string;
}

/** The row words in the person's language. */
export function useMessageWords(): MessageWords {
  const { td } = useChatWords();
  return useMemo(
    () => ({
      you: td('chat.message.you'),
      edited: td('chat.message.edited'),
      sending: td('chat.message.sending'),
      notSent: td('chat.message.notSent'),
      notSentOffline: td('chat.message.notSentOffline'),
      notSentEnded: td('chat.message.notSentEnded'),
      retry: td('chat.message.retry'),
      discard: td('chat.message.discard'),
      edit: td('chat.message.edit'),
      saving: td('chat.message.saving'),
      editFailed: td('chat.message.editFailed'),
      retryEdit: td('chat.message.retryEdit'),
      keepOriginal: td('chat.message.keepOriginal'),
      sent: td('chat.message.sent'),
      readBy: (names: string) => td('chat.message.readBy', { names }),
    }),
    [td],
  );
}

export interface MessageBubbleProps extends MessageActions {
  item: ThreadItem;
  words: MessageWords;
  /** The Intl locale of dates and times. */
  locale: string;
  /** Who has read up to this message of mine (shown under it). */
  receipts?: readonly Receipt[] | undefined;
  /** "Sent" under my newest message nobody has read yet. */
  showSent?: boolean;
  /** Editing is offered (an open chat). */
  canEdit?: boolean;
}

/**
 * One message: who and when, the text (links made safe), and its state (sending, not sent with Retry, edited,
 * saving an edit, read by). Plain elements with the classes of chat.css, and memoised: rows mount by the
 * dozen while a long thread scrolls.
 */
export const MessageBubble = memo(function MessageBubble({
  item,
  words,
  locale,
  receipts,
  showSent,
  canEdit,
  onRetry,
  onDiscard,
  onEdit,
  onRetryEdit,
  onDropEdit,
}: MessageBubbleProps) {
  const own = item.own;
  const message = item.kind === 'message' ? item.message : null;
  const edit = item.kind === 'message' ? item.edit : undefined;
  const body = edit?.body ?? (message ? message.messageBody : item.kind === 'outbox' ? item.item.body : '');
  const sentAt = message?.sentAt;
  const who = own ? words.you : (message?.senderName ?? '');
  const failed = item.kind === 'outbox' && item.item.status === 'failed' ? item.item : null;
  const sending = item.kind === 'outbox' && item.item.status === 'sending';
  const editable = own && canEdit && item.kind === 'message' && !edit && onEdit;
  return (
    <div className="tend-chat-row" data-own={own || undefined}>
      <article
        className="tend-chat-bubble"
        data-own={own || undefined}
        data-failed={failed ? true : undefined}
        aria-label={sentAt ? `${who}, ${dateTimeOf(sentAt, locale)}` : who}
      >
        <div className="tend-chat-head">
          <span className="tend-chat-who">{who}</span>
          {sentAt && (
            <time className="tend-chat-meta" dateTime={sentAt}>
              {timeOf(sentAt, locale)}
              {message?.editedAt ? ` · ${words.edited}` : ''}
            </time>
          )}
        </div>
        <p className="tend-chat-body">
          <LinkedText text={body} />
        </p>
        {sending && (
          <div className="tend-chat-foot">
            <span className="tend-chat-meta">{words.sending}</span>
          </div>
        )}
        {failed && (
          <div className="tend-chat-foot">
            <span className="tend-chat-problem">
              {failed.code === 'chat_ended'
                ? words.notSentEnded
                : failed.retryable
                  ? words.notSentOffline
                  : words.notSent}
            </span>
            {failed.code !== 'chat_ended' && onRetry && (
              <ChatAction onClick={() => onRetry(item.key)}>{words.retry}</ChatAction>
            )}
            {onDiscard && <ChatAction onClick={() => onDiscard(item.key)}>{words.discard}</ChatAction>}
          </div>
        )}
        {edit?.status === 'sending' && (
          <div className="tend-chat-foot">
            <span className="tend-chat-meta">{words.saving}</span>
          </div>
        )}
        {edit?.status === 'failed' && (
          <div className="tend-chat-foot">
            <span className="tend-chat-problem">{words.editFailed}</span>
            {onRetryEdit && <ChatAction onClick={() => onRetryEdit(item.key)}>{words.retryEdit}</ChatAction>}
            {onDropEdit && <ChatAction onClick={() => onDropEdit(item.key)}>{words.keepOriginal}</ChatAction>}
          </div>
        )}
        {(receipts?.length || showSent || editable) && (
          <div className="tend-chat-foot">
            {receipts && receipts.length > 0 ? (
              <span className="tend-chat-meta">
                <span aria-hidden="true">✓ </span>
                <span>{words.readBy(receipts.map((r) => r.name).join(', '))}</span>
              </span>
            ) : showSent ? (
              <span className="tend-chat-meta">{words.sent}</span>
            ) : null}
            {editable && <ChatAction onClick={() => onEdit(item.key)}>{words.edit}</ChatAction>}
          </div>
        )}
      </article>
    </div>
  );
});

/** A small text button under a message (retry, discard, edit …). */
function ChatAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="tend-chat-action" onClick={onClick}>
      {children}
    </button>
  );
}
