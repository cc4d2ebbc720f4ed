import { Button } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useChatWords } from '../words.ts';

export interface NewMessagesPillProps {
  count: number;
  onClick(): void;
}

/** "3 new messages ↓": shown over the thread when messages arrived while the reader was up the conversation. */
export function NewMessagesPill({ count, onClick }: NewMessagesPillProps) {
  const { td } = useChatWords();
  return (
    <Button
      onClick={onClick}
      size="xs"
      radius="xl"
      rightSection={<IconArrowDown size={14} aria-hidden="true" />}
      style={{
        position: 'absolute',
        bottom: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        boxShadow: 'var(--mantine-shadow-md)',
        zIndex: 2,
      }}
    >
      {td('chat.thread.newMessages', { count })}
    </Button>
  );
}
