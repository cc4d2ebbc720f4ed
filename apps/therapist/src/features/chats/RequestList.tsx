import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ChatRequest } from '@tend/api/model';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { dateTimeOf, MessageText, useAcceptChatRequest, useChatRequests } from '@tend/domain/chat';
import { getLocale, useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { useNavigate } from 'react-router';
import { paths } from '../../paths.ts';
import { EmergencyBadge } from './EmergencyBadge.tsx';

/** Emergency requests first, then the longest waiting (the server's order, kept when the list refreshes). */
export function byUrgency(items: readonly ChatRequest[]): ChatRequest[] {
  return [...items].sort(
    (a, b) => Number(b.emergency) - Number(a.emergency) || Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
}

/** The requests I may accept, read again every few seconds: who, since when, their first message, Accept. */
export function RequestList() {
  const { t, i18n } = useTranslation('therapist');
  const locale = getLocale(i18n);
  const requests = useChatRequests();
  const accept = useAcceptChatRequest();
  const navigate = useNavigate();
  const submit = useSubmit((requestId: string) => accept.mutateAsync({ requestId }), {
    onSuccess: (session) => void navigate(paths.chat(session.chatSessionId)),
  });
  const items = byUrgency(requests.data?.items ?? []);
  const taken =
    submit.problem &&
    (submit.problem.code === 'already_accepted' ||
      submit.problem.code === 'request_closed' ||
      submit.problem.kind === 'notFound');
  return (
    <Stack gap="sm" component="section" aria-labelledby="chat-requests-heading">
      <Title order={2} id="chat-requests-heading">
        {t('chats.requests.title', { count: items.length })}
      </Title>
      <ProblemAlert problem={submit.problem} message={taken ? t('chats.requests.taken') : undefined} />
      {requests.isPending ? (
        <PageLoader />
      ) : requests.isError && !requests.data ? (
        <ProblemAlert problem={toProblem(requests.error)} onRetry={() => void requests.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('chats.requests.none')}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('chats.requests.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((request) => (
            <Card
              key={request.requestId}
              component="li"
              withBorder
              radius="md"
              padding="md"
              style={
                request.emergency
                  ? { borderColor: 'var(--mantine-color-red-filled)', borderWidth: 2 }
                  : undefined
              }
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
                  <Group gap="xs">
                    {request.emergency && <EmergencyBadge variant="filled" />}
                    {request.highRisk && (
                      <Badge color="red" variant="light">
                        {t('chats.conversation.highRisk')}
                      </Badge>
                    )}
                    {request.noTherapist && (
                      <Badge color="orange.9" variant="filled">
                        {t('chats.requests.noTherapist')}
                      </Badge>
                    )}
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {request.patientName}
                    </Text>
                  </Group>
                  {request.noTherapist && <Text size="sm">{t('chats.requests.noTherapistHelp')}</Text>}
                  {request.highRisk && request.riskReason && (
                    <Text size="sm" c="red.8" data-testid="request-risk-reason">
                      {t('chats.conversation.riskReason', { reason: request.riskReason })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('chats.requests.since', { time: dateTimeOf(request.createdAt, locale) })}
                  </Text>
                  {request.message && <MessageText lineClamp={4}>{request.message}</MessageText>}
                </Stack>
                <Button
                  color={request.emergency ? 'red' : undefined}
                  loading={submit.pending && accept.variables?.requestId === request.requestId}
                  disabled={submit.pending}
                  onClick={() => void submit.submit(request.requestId)}
                  aria-label={t('chats.requests.acceptLabel', { name: request.patientName })}
                >
                  {t('chats.requests.accept')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
