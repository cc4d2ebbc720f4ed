import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ChatHistory } from '@tend/api/model';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { Section } from '../../components/Section.tsx';

/** The chats a look-up found, read-only: each session (when, state) with its messages as plain text. */
export function ChatHistoryView({ history, email }: { history: ChatHistory; email: string }) {
  const { t } = useTranslation('admin');
  return (
    <Section titleId="history-title" title={t('safeguarding.result.title', { email })}>
      {history.sessions.length === 0 ? <Text c="dimmed">{t('safeguarding.result.empty')}</Text> : null}
      {history.sessions.map((s) => (
        <Paper
          key={s.chatSessionId}
          withBorder
          p="sm"
          component="article"
          aria-label={t('safeguarding.result.session', { date: formatDateTime(s.startedAt) })}
        >
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={600}>{t('safeguarding.result.session', { date: formatDateTime(s.startedAt) })}</Text>
              {s.emergency ? <Badge variant="default">{t('safeguarding.result.emergency')}</Badge> : null}
              <Text size="sm" c="dimmed" component="span">
                {s.endedAt
                  ? t('safeguarding.result.ended', { date: formatDateTime(s.endedAt) })
                  : t('safeguarding.result.open')}
              </Text>
            </Group>
            {s.messages.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('safeguarding.result.noMessages')}
              </Text>
            ) : null}
            <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {s.messages.map((m) => (
                <li key={m.chatMessageKey}>
                  <Text size="xs" c="dimmed">
                    <SafeText component="span" inherit>
                      {m.senderName}
                    </SafeText>{' '}
                    · {formatDateTime(m.sentAt)}
                  </Text>
                  <SafeText component="p" size="sm" m={0}>
                    {m.messageBody}
                  </SafeText>
                </li>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Section>
  );
}
