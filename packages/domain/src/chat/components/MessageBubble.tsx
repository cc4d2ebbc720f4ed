import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import { getLocale } from '@tend/i18n';
import type { ThreadItem } from '../model/thread.ts';
import type { Receipt } from '../model/receipts.ts';
import { useChatWords } from '../words.ts';
import { dateTimeOf, timeOf } from './format.ts';
import { MessageText } from './MessageText.tsx';

export interface MessageActions {
  onRetry?: ((key: string) => void) | undefined;
  onDiscard?: ((key: string) => void) | undefined;
  /** Start editing my message (the composer takes it). */
  onEdit?: ((key: string) => void) | undefined;
  onRetryEdit?: ((key: string) => void) | undefined;
  onDropEdit?: ((key: string) => void) | undefined;
}

export interface MessageBubbleProps extends MessageActions {
  item: ThreadItem;
  /** Who has read up to this message of mine (shown under it). */
  receipts?: Receipt[] | undefined;
  /** "Sent" under my newest message nobody has read yet. */
  showSent?: boolean;
  /** Editing is offered (an open chat). */
  canEdit?: boolean;
}

const iconProps = { size: 14, 'aria-hidden': true } as const;

/** One message: who and when, the text (links made safe), and its state (sending, not sent, edited, read by). */
export function MessageBubble({ item, receipts, showSent, canEdit, onRetry, onDiscard, onEdit, onRetryEdit, onDropEdit }: MessageBubbleProps) {
  const { td, i18n } = useChatWords();
  const locale = getLocale(i18n);
  const own = item.own;
  const message = item.kind === 'message' ? item.message : null;
  const edit = item.kind === 'message' ? item.edit : undefined;
  const body = edit?.body ?? (message ? message.messageBody : item.kind === 'outbox' ? item.item.body : '');
  const sentAt = message?.sentAt;
  const who = own ? td('chat.message.you') : (message?.senderName ?? '');
  const failed = item.kind === 'outbox' && item.item.status === 'failed' ? item.item : null;
  const sending = item.kind === 'outbox' && item.item.status === 'sending';
  return (
    <Box style={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }} px="xs" py={4}>
      <Paper
        component="article"
        aria-label={sentAt ? `${who}, ${dateTimeOf(sentAt, locale)}` : who}
        radius="lg"
        px="sm"
        py={6}
        maw="min(80%, 42rem)"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        style={failed ? { outline: '2px solid var(--mantine-color-red-filled)' } : undefined}
      >
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" fw={700}>
            {who}
          </Text>
          {sentAt && (
            <Text size="xs" c="dimmed" component="time" dateTime={sentAt}>
              {timeOf(sentAt, locale)}
              {message?.editedAt ? ` · ${td('chat.message.edited')}` : ''}
            </Text>
          )}
        </Group>
        <MessageText>{body}</MessageText>
        {sending && (
          <Text size="xs" c="dimmed" mt={2}>
            <IconClock {...iconProps} /> {td('chat.message.sending')}
          </Text>
        )}
        {failed && (
          <Group gap="xs" mt={4} wrap="wrap">
            <Text size="xs" c="red.8" fw={600}>
              <IconAlertTriangle {...iconProps} />{' '}
              {failed.code === 'chat_ended' ? td('chat.message.notSentEnded') : failed.retryable ? td('chat.message.notSentOffline') : td('chat.message.notSent')}
            </Text>
            {failed.code !== 'chat_ended' && onRetry && (
              <Button size="compact-xs" variant="light" onClick={() => onRetry(item.key)}>
                {td('chat.message.retry')}
              </Button>
            )}
            {onDiscard && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDiscard(item.key)}>
                {td('chat.message.discard')}
              </Button>
            )}
          </Group>
        )}
        {edit?.status === 'sending' && (
          <Text size="xs" c="dimmed" mt={2}>
            {td('chat.message.saving')}
          </Text>
        )}
        {edit?.status === 'failed' && (
          <Group gap="xs" mt={4}>
            <Text size="xs" c="red.8" fw={600}>
              {td('chat.message.editFailed')}
            </Text>
            {onRetryEdit && (
              <Button size="compact-xs" variant="light" onClick={() => onRetryEdit(item.key)}>
                {td('chat.message.retryEdit')}
              </Button>
            )}
            {onDropEdit && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDropEdit(item.key)}>
                {td('chat.message.keepOriginal')}
              </Button>
            )}
          </Group>
        )}
        {(receipts?.length || showSent || (own && canEdit && item.kind === 'message' && !edit && onEdit)) && (
          <Group gap="xs" mt={2} justify="flex-end" wrap="nowrap">
            {receipts && receipts.length > 0 ? (
              <Text size="xs" c="dimmed">
                <IconCheck {...iconProps} /> {td('chat.message.readBy', { names: receipts.map((r) => r.name).join(', ') })}
              </Text>
            ) : showSent ? (
              <Text size="xs" c="dimmed">
                {td('chat.message.sent')}
              </Text>
            ) : null}
            {own && canEdit && item.kind === 'message' && !edit && onEdit && (
              <Button size="compact-xs" variant="subtle" onClick={() => onEdit(item.key)}>
                {td('chat.message.edit')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </Box>
  );
}
