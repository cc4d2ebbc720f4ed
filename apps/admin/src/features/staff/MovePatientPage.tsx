import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { movablePatients, reassignTargets, useTherapistLoad } from '@tend/domain/intake';
import { useStaffPatients } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { StaffMemberHeader } from './StaffMemberHeader.tsx';
import { useStaffMemberName } from './staffName.ts';
import { MovePatientForm } from './MovePatientForm.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/**
 * `/organisations/:organisationId/staff/:userId/move`: the administrator moves one patient whose care this
 * therapist leads to another therapist of the organisation (their load shown), with the reason kept.
 */
export function MovePatientPage() {
  const { t } = useTranslation('admin');
  const { organisationId = '', userId = '' } = useParams();
  const patients = useStaffPatients(organisationId, userId);
  const load = useTherapistLoad(organisationId);
  const name = useStaffMemberName(organisationId, userId);
  const staffPage = to(paths.staff, { organisationId });
  const movable = movablePatients(patients.data?.items ?? []);
  const membersOnly = (patients.data?.items.length ?? 0) - movable.length;
  return (
    <Stack gap="lg">
      <StaffMemberHeader
        organisationId={organisationId}
        heading={name ? t('staff.move.heading', { name }) : undefined}
        fallback={t('staff.move.title')}
      />
      {patients.isPending || load.isPending ? (
        <LoadingLine label={t(patients.isPending ? 'staff.move.loading' : 'staff.move.loadLoading')} />
      ) : patients.error || !patients.data ? (
        <ProblemAlert problem={toProblem(patients.error)} onRetry={() => void patients.refetch()} />
      ) : load.error || !load.data ? (
        <ProblemAlert problem={toProblem(load.error)} onRetry={() => void load.refetch()} />
      ) : (
        <>
          <SafeText>{t('staff.move.intro', { name: name || t('staff.move.thisTherapist') })}</SafeText>
          {membersOnly > 0 ? (
            <Text size="sm">{t('staff.move.membersOnly', { count: membersOnly })}</Text>
          ) : null}
          <MovePatientForm
            organisationId={organisationId}
            previousName={name || t('staff.move.thisTherapist')}
            patients={movable}
            targets={reassignTargets(load.data.items, userId)}
            onChanged={() => void patients.refetch()}
          />
        </>
      )}
      <Group>
        <Anchor component={Link} to={staffPage}>
          {t('staff.move.backToStaff')}
        </Anchor>
      </Group>
    </Stack>
  );
}
