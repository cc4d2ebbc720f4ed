import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem } from '@tend/core';
import { ChatTranscripts, usePatientChatHistory } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { Link, useParams } from 'react-router';
import { paths, patientPath } from '../../paths.ts';

/**
 * /chats/history/:patientId: every chat of a patient of mine, newest first (the patient record links here);
 * an open one links to its live conversation.
 */
export function PatientChatHistoryPage() {
  const { t } = useTranslation('therapist');
  const { patientId = '' } = useParams();
  const { user } = useAuth();
  const history = usePatientChatHistory(patientId);
  const sessions = history.data?.sessions ?? [];
  const name = sessions.find((s) => s.patientName)?.patientName;
  const open = sessions.find(
    (s) => s.status === 'open' && s.participants.some((p) => p.userId === user?.uid && !p.leftAt),
  );
  const therapists = (s: (typeof sessions)[number]) =>
    s.participants
      .filter((p) => p.userId !== s.patientId)
      .map((p) => p.name)
      .join(', ');
  return (
    <Stack gap="md" maw={960}>
      <Group gap="lg">
        <Anchor component={Link} to={paths.chats} size="sm">
          {t('chats.backToChats')}
        </Anchor>
        <Anchor component={Link} to={patientPath(paths.patient, patientId)} size="sm">
          {t('chats.conversation.record', { name: name ?? t('chats.unknownPatient') })}
        </Anchor>
      </Group>
      <Title order={1}>
        {name ? t('chats.titles.patientHistoryOf', { name }) : t('chats.titles.patientHistory')}
      </Title>
      {open && (
        <Anchor component={Link} to={paths.chat(open.chatSessionId)}>
          {t('chats.history.openNow')}
        </Anchor>
      )}
      {history.isPending ? (
        <PageLoader />
      ) : history.isError && !history.data ? (
        <ProblemAlert
          problem={toProblem(history.error)}
          message={
            toProblem(history.error).kind === 'notFound' || toProblem(history.error).kind === 'forbidden'
              ? t('chats.history.notYours')
              : undefined
          }
          onRetry={() => void history.refetch()}
        />
      ) : (
        <ChatTranscripts
          sessions={sessions}
          selfId={user?.uid ?? ''}
          titleOf={(s) =>
            therapists(s) ? t('chats.history.with', { names: therapists(s) }) : t('chats.history.request')
          }
          emptyText={t('chats.history.noneForPatient')}
        />
      )}
    </Stack>
  );
}
