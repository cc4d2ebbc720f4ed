import { Alert, Anchor, Stack } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { ChatConversation, useChat, useChatPatient, useMyChat } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { Link, useParams } from 'react-router';
import { paths } from '../../paths.ts';
import { ChatActions } from './ChatActions.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';

/**
 * /chats/:chatSessionId: one conversation with a patient: who (name, urgent, high risk, a link to their
 * record and chat history, who else takes part), what I can do (invite, hand over, leave, end, become lead),
 * and the live conversation.
 */
export function ConversationPage() {
  const { t } = useTranslation('therapist');
  const { chatSessionId = '' } = useParams();
  const { user } = useAuth();
  const { client, snapshot } = useChat(chatSessionId, {
    role: 'therapist',
    selfId: user?.uid,
    history: true,
  });
  const listed = useMyChat(chatSessionId);
  // The session: as the stream says it, else from my chat list (shown before the stream is ready).
  const session = snapshot?.session ?? listed?.session ?? null;
  const patient = useChatPatient(session?.patientId);
  if (!client || !snapshot || !user) return <PageLoader />;

  const me = session?.participants.find((p) => p.userId === user.uid);
  const takingPart = Boolean(
    session && session.status === 'open' && me && !me.leftAt && snapshot.connection.status !== 'closed',
  );
  const gone =
    snapshot.connection.status === 'closed' &&
    (snapshot.connection.reason === 'left' || snapshot.connection.reason === 'notFound');
  const name = session?.patientName ?? t('chats.unknownPatient');

  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={paths.chats} size="sm">
        {t('chats.backToChats')}
      </Anchor>
      <ConversationHeader session={session} patient={patient.data} selfId={user.uid} />
      {gone && (
        <Alert color="gray" variant="light">
          {t('chats.conversation.gone')}{' '}
          <Anchor component={Link} to={paths.chats}>
            {t('chats.backToChats')}
          </Anchor>
        </Alert>
      )}
      {session && takingPart && (
        <ChatActions session={session} patient={patient.data} selfId={user.uid} scopes={user.scopes} />
      )}
      <ChatConversation
        client={client}
        snapshot={snapshot}
        label={t('chats.conversation.label', { name })}
        height="clamp(320px, calc(100dvh - 420px), 900px)"
      />
    </Stack>
  );
}
