import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChatSession, PatientDetails } from '@tend/api/model';
import { ProblemAlert, useSubmit, type Submit } from '@tend/core';
import {
  useClaimLead,
  useEndPatientChat,
  useHandOverChat,
  useInviteTherapist,
  useLeaveChat,
} from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../paths.ts';
import { TherapistPicker } from './TherapistPicker.tsx';

export interface ChatActionsProps {
  session: ChatSession;
  patient: PatientDetails | undefined;
  selfId: string;
  scopes: readonly string[];
}

type Dialog = 'invite' | 'handover' | 'leave' | 'end' | null;

/**
 * What I can do in a chat I take part in: invite a colleague (the lead, with the lead-therapist scope), hand
 * it over, leave it, end it for everyone, and become the patient's lead when they have none. Each asks first.
 */
export function ChatActions({ session, patient, selfId, scopes }: ChatActionsProps) {
  const { t } = useTranslation('therapist');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { patientId } = session;
  const invite = useInviteTherapist();
  const handOver = useHandOverChat();
  const leave = useLeaveChat();
  const end = useEndPatientChat();
  const claim = useClaimLead();
  const close = () => setDialog(null);
  const backToChats = (message: string) => {
    notifications.show({
      color: 'teal',
      message,
      closeButtonProps: { 'aria-label': t('chats.alert.close') },
    });
    void navigate(paths.chats);
  };

  const inviting = useSubmit((therapistId: string) => invite.mutateAsync({ patientId, therapistId }), {
    onSuccess: close,
  });
  const handing = useSubmit((therapistId: string) => handOver.mutateAsync({ patientId, therapistId }), {
    onSuccess: (result) =>
      backToChats(
        t('chats.actions.handedOver', {
          name: result.participants.find((p) => p.role === 'handover' && !p.leftAt)?.name ?? '',
        }),
      ),
  });
  const leaving = useSubmit(() => leave.mutateAsync({ patientId }), {
    onSuccess: () => backToChats(t('chats.actions.left')),
  });
  const ending = useSubmit(() => end.mutateAsync({ patientId }), { onSuccess: close });
  const claiming = useSubmit(() => claim.mutateAsync({ patientIdOrEmail: patientId }));

  const me = session.participants.find((p) => p.userId === selfId);
  const leadsPatient = patient?.therapists.some((th) => th.therapistId === selfId && th.isLead) ?? false;
  const mayInvite = scopes.includes('lead-therapist') && (me?.role === 'lead' || leadsPatient);
  const noLead =
    patient !== undefined &&
    !patient.therapists.some((th) => th.isLead) &&
    patient.therapists.some((th) => th.therapistId === selfId);

  return (
    <>
      <Group gap="xs" wrap="wrap" aria-label={t('chats.actions.label')} role="group">
        {mayInvite && (
          <Button variant="default" onClick={() => setDialog('invite')}>
            {t('chats.actions.invite')}
          </Button>
        )}
        <Button variant="default" onClick={() => setDialog('handover')}>
          {t('chats.actions.handOver')}
        </Button>
        <Button variant="default" onClick={() => setDialog('leave')}>
          {t('chats.actions.leave')}
        </Button>
        <Button variant="default" color="red" onClick={() => setDialog('end')}>
          {t('chats.actions.end')}
        </Button>
        {noLead && (
          <Button variant="light" loading={claiming.pending} onClick={() => void claiming.submit()}>
            {t('chats.actions.claimLead')}
          </Button>
        )}
      </Group>
      <ProblemAlert problem={claiming.problem} />
      <ActionDialog opened={dialog === 'invite'} onClose={close} title={t('chats.actions.inviteTitle')}>
        <TherapistPicker
          patientId={patientId}
          purpose="invite"
          action={t('chats.actions.inviteConfirm')}
          submit={inviting}
          onCancel={close}
        />
      </ActionDialog>
      <ActionDialog opened={dialog === 'handover'} onClose={close} title={t('chats.actions.handOverTitle')}>
        <TherapistPicker
          patientId={patientId}
          purpose="handover"
          action={t('chats.actions.handOverConfirm')}
          submit={handing}
          onCancel={close}
        />
      </ActionDialog>
      <ActionDialog opened={dialog === 'leave'} onClose={close} title={t('chats.actions.leaveTitle')}>
        <Confirm
          text={t('chats.actions.leaveText')}
          action={t('chats.actions.leave')}
          submit={leaving}
          onCancel={close}
        />
      </ActionDialog>
      <ActionDialog opened={dialog === 'end'} onClose={close} title={t('chats.actions.endTitle')}>
        <Confirm
          text={t('chats.actions.endText')}
          action={t('chats.actions.end')}
          submit={ending}
          onCancel={close}
        />
      </ActionDialog>
    </>
  );
}

/** One action's dialog: it asks first, and closes (the close button named in the chat's words) without acting. */
function ActionDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('therapist');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('chats.alert.close') }}
      title={title}
    >
      {children}
    </Modal>
  );
}

function Confirm({
  text,
  action,
  submit,
  onCancel,
}: {
  text: string;
  action: string;
  submit: Submit<unknown, void>;
  onCancel(): void;
}) {
  const { t } = useTranslation('therapist');
  return (
    <Stack gap="md">
      <Text>{text}</Text>
      <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit()} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('chats.actions.cancel')}
        </Button>
        <Button color="red" loading={submit.pending} onClick={() => void submit.submit()}>
          {action}
        </Button>
      </Group>
    </Stack>
  );
}
