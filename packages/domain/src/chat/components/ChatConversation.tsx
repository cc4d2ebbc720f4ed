import { Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import type { ChatClient, ChatSnapshot } from '../client/ChatClient.ts';
import { readReceipts, readBySomeone } from '../model/receipts.ts';
import { threadItems } from '../model/thread.ts';
import { useChatWords } from '../words.ts';
import { ChatThread } from './ChatThread.tsx';
import { Composer, type ComposerEdit } from './Composer.tsx';
import { ConnectionNotice, closedText } from './ConnectionNotice.tsx';

export interface ChatConversationProps {
  client: ChatClient;
  snapshot: ChatSnapshot;
  /** The thread region's accessible name ("Conversation with Alex Morgan"). */
  label: string;
  /** Why nothing can be written now (shown in place of the hint), beside the chat having ended. */
  readOnlyReason?: string | null | undefined;
  /** Height of the thread (CSS). */
  height?: string | number;
}

/**
 * A live conversation, the same in both apps: the connection's state, the virtualised thread (read receipts
 * from the server, Retry on a failed message, Edit on mine), and the composer. Marks the chat read when the
 * newest message is in view.
 */
export function ChatConversation({ client, snapshot, label, readOnlyReason, height }: ChatConversationProps) {
  const { td } = useChatWords();
  const { thread, connection, session } = snapshot;
  const selfId = client.selfId;
  const [editing, setEditing] = useState<ComposerEdit | null>(null);
  const items = useMemo(() => threadItems(thread, selfId), [thread, selfId]);
  const receipts = useMemo(
    () => readReceipts(thread.messages, selfId, session?.participants ?? [], thread.reads),
    [thread.messages, thread.reads, session, selfId],
  );
  const sentKey = useMemo(() => {
    for (let i = thread.messages.length - 1; i >= 0; i--) {
      const m = thread.messages[i]!;
      if (m.senderId !== selfId) continue;
      return readBySomeone(m, selfId, thread.reads) ? null : m.chatMessageKey;
    }
    return null;
  }, [thread.messages, thread.reads, selfId]);
  const closed = connection.status === 'closed' || session?.status === 'ended';
  const canWrite = !closed && !readOnlyReason;
  const onSeenNewest = useCallback(() => void client.markRead(), [client]);
  // Stable handlers (reading the client's latest state): the rows are memoised.
  const actions = useMemo(
    () => ({
      onRetry: (key: string) => client.retry(key),
      onDiscard: (key: string) => client.discard(key),
      onEdit: (key: string) => {
        const { messages, edits } = client.getSnapshot().thread;
        const m = messages.find((x) => x.chatMessageKey === key);
        if (m) setEditing({ key, body: edits[key]?.body ?? m.messageBody });
      },
      onRetryEdit: (key: string) => {
        const edit = client.getSnapshot().thread.edits[key];
        if (edit) client.edit(key, edit.body);
      },
      onDropEdit: (key: string) => client.dropEdit(key),
    }),
    [client],
  );
  const composer = useMemo(
    () => ({
      onSend: (body: string) => void client.send(body),
      onSaveEdit: (key: string, body: string) => client.edit(key, body),
      onCancelEdit: () => setEditing(null),
    }),
    [client],
  );
  const history = {
    hasOlder: thread.history.loaded && thread.history.cursor !== null,
    loading: thread.history.loading,
    failed: thread.history.failed && thread.history.loaded,
    onLoadOlder: () => void client.loadOlder(),
  };

  if (!thread.history.loaded) {
    return (
      <Stack gap="sm">
        <ConnectionNotice connection={connection} onRetryNow={() => client.reconnectNow()} />
        {thread.history.failed ? (
          <ProblemAlert
            problem={toProblem(thread.history.error)}
            title={td('chat.thread.loadFailed')}
            onRetry={() => void client.loadNewest()}
          />
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{td('chat.thread.loading')}</Text>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <ConnectionNotice connection={connection} onRetryNow={() => client.reconnectNow()} />
      <ChatThread
        items={items}
        label={label}
        history={history}
        receipts={receipts}
        sentKey={sentKey}
        canEdit={canWrite}
        onSeenNewest={onSeenNewest}
        incoming={{ seq: thread.incomingSeq, message: thread.incoming }}
        height={height}
        {...(canWrite ? {} : { emptyText: td('chat.thread.emptyReadOnly') })}
        {...actions}
      />
      <Composer
        onSend={composer.onSend}
        onSaveEdit={composer.onSaveEdit}
        editing={canWrite ? editing : null}
        onCancelEdit={composer.onCancelEdit}
        disabledReason={
          closed
            ? closedText(td, session?.status === 'ended' ? 'ended' : (connection.reason ?? 'ended'))
            : (readOnlyReason ?? null)
        }
      />
    </Stack>
  );
}
