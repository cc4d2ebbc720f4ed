import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconUser } from '@tabler/icons-react';
import type { ChatSession, PatientDetails } from '@tend/api/model';
import { IconLink } from '@tend/ui';
import { useTranslation } from '@tend/i18n';
import { paths, patientPath } from '../../paths.ts';
import { EmergencyBadge } from './EmergencyBadge.tsx';

export interface ConversationHeaderProps {
  session: ChatSession | null;
  /** The patient's details when I may read them (care team): the risk flag. */
  patient: PatientDetails | undefined;
  selfId: string;
}

/** The patient's name, the urgent and high-risk flags, links to their record and chat history, and who takes part. */
export function ConversationHeader({ session, patient, selfId }: ConversationHeaderProps) {
  const { t } = useTranslation('therapist');
  const name =
    session?.patientName ??
    (patient ? `${patient.firstName} ${patient.lastName}` : t('chats.unknownPatient'));
  const roleOf = (role: string) =>
    role === 'lead'
      ? t('chats.roles.lead')
      : role === 'invited'
        ? t('chats.roles.invited')
        : role === 'handover'
          ? t('chats.roles.handover')
          : t('chats.roles.therapist');
  const others = (session?.participants ?? []).filter((p) => p.userId !== session?.patientId && !p.leftAt);
  return (
    <Stack gap={6} data-testid="chat-header">
      <Group gap="sm" wrap="wrap">
        <Title order={1}>{t('chats.conversation.title', { name })}</Title>
        {session?.emergency && <EmergencyBadge variant="filled" size="lg" />}
        {patient?.risk.highRisk && (
          <Badge color="red" variant="light" size="lg">
            {t('chats.conversation.highRisk')}
          </Badge>
        )}
      </Group>
      {patient?.risk.highRisk && patient.risk.reason && (
        <Text size="sm" c="red.8" data-testid="chat-risk-reason">
          {t('chats.conversation.riskReason', { reason: patient.risk.reason })}
        </Text>
      )}
      {session && (
        <Group gap="lg" wrap="wrap">
          <IconLink
            to={patientPath(paths.patient, session.patientId)}
            icon={<IconUser size={16} aria-hidden="true" />}
          >
            {t('chats.conversation.record', { name })}
          </IconLink>
          <IconLink
            to={paths.patientChatHistory(session.patientId)}
            icon={<IconHistory size={16} aria-hidden="true" />}
          >
            {t('chats.conversation.history')}
          </IconLink>
        </Group>
      )}
      {others.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('chats.conversation.with', {
            names: others
              .map((p) => `${p.userId === selfId ? t('chats.you') : p.name} (${roleOf(p.role)})`)
              .join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}
