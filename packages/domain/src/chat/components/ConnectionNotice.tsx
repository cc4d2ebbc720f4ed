import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlugConnectedX, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ClosedReason, ConnectionState } from '../model/connection.ts';
import { useChatWords } from '../words.ts';

/** Why a chat closed, in words. */
export function closedText(td: ReturnType<typeof useChatWords>['td'], reason: ClosedReason): string {
  const words: Record<ClosedReason, string> = {
    ended: td('chat.connection.ended'),
    left: td('chat.connection.left'),
    revoked: td('chat.connection.revoked'),
    notFound: td('chat.connection.notFound'),
    unauthenticated: td('chat.connection.unauthenticated'),
    stopped: td('chat.connection.stopped'),
  };
  return words[reason];
}

export interface ConnectionNoticeProps {
  connection: ConnectionState;
  onRetryNow?: (() => void) | undefined;
}

/**
 * The connection as a person needs to know it: nothing while live; "Connecting…", "Reconnecting…" (with Try
 * now), "You are offline" (what you write is sent later), or why the chat closed. A status region, so a change
 * is announced without moving focus.
 */
export function ConnectionNotice({ connection, onRetryNow }: ConnectionNoticeProps) {
  const { td } = useChatWords();
  const { status, reason, wasLive } = connection;
  let content: ReactNode = null;
  if (status === 'connecting' || status === 'idle') {
    content = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">
          {wasLive ? td('chat.connection.reconnecting') : td('chat.connection.connecting')}
        </Text>
      </Group>
    );
  } else if (status === 'waiting') {
    content = (
      <Alert color="yellow" variant="light" p="xs" icon={<IconPlugConnectedX size={18} aria-hidden="true" />}>
        <Group gap="sm" justify="space-between">
          <Text size="sm">{td('chat.connection.waiting')}</Text>
          {onRetryNow && (
            <Button size="compact-sm" variant="light" color="yellow" onClick={onRetryNow}>
              {td('chat.connection.tryNow')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  } else if (status === 'offline') {
    content = (
      <Alert color="yellow" variant="light" p="xs" icon={<IconWifiOff size={18} aria-hidden="true" />}>
        <Text size="sm">{td('chat.connection.offline')}</Text>
      </Alert>
    );
  } else if (status === 'closed' && reason) {
    content = (
      <Alert color="gray" variant="light" p="xs">
        <Text size="sm">{closedText(td, reason)}</Text>
      </Alert>
    );
  }
  return (
    <div role="status" aria-live="polite">
      {content}
    </div>
  );
}
