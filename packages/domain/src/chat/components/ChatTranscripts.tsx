import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ChatHistorySessionsItem } from '@tend/api/model';
import { getLocale } from '@tend/i18n';
import { useMemo, useState } from 'react';
import { threadItems } from '../model/thread.ts';
import { useChatWords } from '../words.ts';
import { ChatThread } from './ChatThread.tsx';
import { dateTimeOf } from './format.ts';

export interface ChatTranscriptsProps {
  sessions: readonly ChatHistorySessionsItem[];
  selfId: string;
  /** The heading of a conversation ("With Alex Morgan" for the patient, the patient's name for therapists). */
  titleOf(session: ChatHistorySessionsItem): string;
  /** The conversation open at first. */
  initiallyOpen?: string | null | undefined;
  /** More pages of history to load. */
  more?: { loading: boolean; onLoad(): void } | undefined;
  emptyText?: string | undefined;
}

const EMPTY = { outbox: [], edits: {} };

/** Past conversations: one row each (who, when, how many messages), opened one at a time as a read-only, virtualised thread. */
export function ChatTranscripts({
  sessions,
  selfId,
  titleOf,
  initiallyOpen,
  more,
  emptyText,
}: ChatTranscriptsProps) {
  const { td, i18n } = useChatWords();
  const locale = getLocale(i18n);
  const [open, setOpen] = useState<string | null>(initiallyOpen ?? null);
  if (sessions.length === 0) return <Text c="dimmed">{emptyText ?? td('chat.transcript.none')}</Text>;
  return (
    <Stack gap="sm">
      <Accordion value={open} onChange={setOpen} variant="separated" chevronPosition="left">
        {sessions.map((session) => (
          <Accordion.Item key={session.chatSessionId} value={session.chatSessionId}>
            <Accordion.Control>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text fw={600}>{titleOf(session)}</Text>
                <Group gap="xs">
                  {session.emergency && (
                    <Badge color="red" variant="light">
                      {td('chat.transcript.emergency')}
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed">
                    {td('chat.transcript.started', { date: dateTimeOf(session.startedAt, locale) })} ·{' '}
                    {session.status === 'ended' && session.endedAt
                      ? td('chat.transcript.ended', { date: dateTimeOf(session.endedAt, locale) })
                      : td('chat.transcript.ongoing')}{' '}
                    · {td('chat.transcript.messages', { count: session.messages.length })}
                  </Text>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {open === session.chatSessionId && (
                <Transcript session={session} selfId={selfId} label={titleOf(session)} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {more && (
        <Group justify="center">
          <Button variant="default" loading={more.loading} onClick={more.onLoad}>
            {td('chat.transcript.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Transcript({
  session,
  selfId,
  label,
}: {
  session: ChatHistorySessionsItem;
  selfId: string;
  label: string;
}) {
  const { td } = useChatWords();
  const items = useMemo(
    () => threadItems({ messages: session.messages, ...EMPTY }, selfId),
    [session.messages, selfId],
  );
  return (
    <ChatThread
      items={items}
      label={label}
      height="min(60vh, 560px)"
      emptyText={td('chat.thread.emptyReadOnly')}
    />
  );
}
