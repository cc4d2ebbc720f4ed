import { useState } from 'react';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  useResendStaffInvitation,
  useStaffInvitations,
  useWithdrawStaffInvitation,
  type StaffInvitation,
} from '@tend/domain/staff';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { PagedList } from '../../components/PagedList.tsx';
import { Section } from '../../components/Section.tsx';
import { StaffRow, StaffRowName } from './StaffRow.tsx';

const ROW_ESTIMATE = 132;
type Action = { kind: 'resend' | 'withdraw'; invitation: StaffInvitation };

/** The invitations nobody has accepted yet (newest first), each with "send again" and "withdraw". */
export function InvitationList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const list = useStaffInvitations(organisationId);
  const resend = useResendStaffInvitation();
  const withdraw = useWithdrawStaffInvitation();
  const act = useSubmit(async ({ kind, invitation }: Action) => {
    if (kind === 'resend')
      await resend.mutateAsync({ organisation: organisationId, invitation: invitation.id });
    else await withdraw.mutateAsync({ organisation: organisationId, invitation: invitation.id });
    return { kind, email: invitation.email };
  });
  const [current, setCurrent] = useState<Action | null>(null);
  const run = (action: Action) => {
    setCurrent(action);
    void act.submit(action);
  };
  const busy = act.pending ? current?.invitation.id : undefined;
  // What a row's two buttons share: small and plain, the one acting shows it, none can be pressed meanwhile.
  const actionOf = (invitation: StaffInvitation, kind: Action['kind']) => ({
    size: 'xs',
    variant: 'default',
    loading: busy === invitation.id && current?.kind === kind,
    disabled: busy !== undefined,
    onClick: () => run({ kind, invitation }),
  });
  return (
    <Section titleId="invitations-title" title={t('staff.invitations.title')}>
      {act.succeeded && act.data ? (
        <Alert color="teal" role="status">
          <SafeText component="span" inherit>
            {act.data.kind === 'resend'
              ? t('staff.invitations.resent', { email: act.data.email })
              : t('staff.invitations.withdrawn', { email: act.data.email })}
          </SafeText>
        </Alert>
      ) : null}
      <ProblemAlert problem={act.problem} />
      <PagedList
        query={list}
        items={list.invitations}
        words={{
          loading: t('staff.invitations.loading'),
          loadingMore: t('staff.invitations.loadingMore'),
          empty: t('staff.invitations.empty'),
        }}
        itemKey={(i) => i.id}
        rowVersion={busy}
        renderItem={(invitation) => (
          <StaffRow
            top={
              <Group gap="xs" wrap="wrap">
                <StaffRowName name={`${invitation.firstName} ${invitation.lastName}`} />
                <Badge variant="default" size="sm">
                  {t(`staff.roles.${invitation.role}`)}
                </Badge>
                {invitation.expired ? (
                  <Badge color="orange" variant="light" size="sm">
                    {t('staff.invitations.expired')}
                  </Badge>
                ) : null}
              </Group>
            }
            email={invitation.email}
          >
            <Text size="xs" c="dimmed">
              {invitation.invitedBy
                ? t('staff.invitations.sentBy', {
                    when: formatDateTime(invitation.sentAt),
                    who: invitation.invitedBy,
                  })
                : t('staff.invitations.sent', { when: formatDateTime(invitation.sentAt) })}
            </Text>
            <Group gap="xs">
              <Button
                {...actionOf(invitation, 'resend')}
                aria-label={t('staff.invitations.resendFor', { email: invitation.email })}
              >
                {t('staff.invitations.resend')}
              </Button>
              <Button
                {...actionOf(invitation, 'withdraw')}
                color="red"
                aria-label={t('staff.invitations.withdrawFor', { email: invitation.email })}
              >
                {t('staff.invitations.withdraw')}
              </Button>
            </Group>
          </StaffRow>
        )}
        label={t('staff.invitations.label')}
        estimateSize={ROW_ESTIMATE}
        testId="invitation-list"
        maxHeight="min(60vh, 560px)"
        tallest={560}
      />
    </Section>
  );
}
