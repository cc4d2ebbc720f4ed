import { Button, Group, Loader, Text } from '@mantine/core';
import { useChatWords } from '../words.ts';

export interface ThreadHistory {
  /** Older messages exist and are not loaded. */
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  onLoadOlder(): void;
}

/** Above the conversation: earlier messages loading, their failure, or the button that loads them. */
export function ThreadHistoryBar({ history }: { history: ThreadHistory }) {
  const { td } = useChatWords();
  if (!history.loading && !history.failed && !history.hasOlder) return null;
  return (
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
  );
}
