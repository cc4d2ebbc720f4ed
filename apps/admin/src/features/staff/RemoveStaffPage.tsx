import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useRemoveStaffMember, useStaffPatients } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { paths, to } from '../../paths.ts';
import { StaffMemberHeader } from './StaffMemberHeader.tsx';
import { useStaffMemberName } from './staffName.ts';
import { PlacementForm, type Placements } from './PlacementForm.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/**
 * `/organisations/:organisationId/staff/:userId/remove`: before a therapist leaves, the administrator says
 * where each of their patients goes (another therapist of the organisation, or the intake queue), then
 * removes every role the person holds in the organisation.
 */
export function RemoveStaffPage() {
  const { t } = useTranslation('admin');
  const { organisationId = '', userId = '' } = useParams();
  const patients = useStaffPatients(organisationId, userId);
  const remove = useRemoveStaffMember();
  const name = useStaffMemberName(organisationId, userId);
  const submit = useSubmit((placements: Placements) =>
    remove.mutateAsync({
      organisation: organisationId,
      user: userId,
      data: {
        placements: Object.entries(placements).map(([patientId, where]) => ({
          patientId,
          therapistId: where === 'intake' ? null : where,
        })),
      },
    }),
  );
  const staffPage = to(paths.staff, { organisationId });
  return (
    <Stack gap="lg">
      <StaffMemberHeader
        organisationId={organisationId}
        heading={name ? t('staff.remove.heading', { name }) : undefined}
        fallback={t('staff.remove.title')}
      />
      {submit.succeeded && submit.data ? (
        <Alert color="teal" role="status">
          <Stack gap="xs">
            <Text size="sm">
              {t('staff.remove.done', {
                toTherapists: submit.data.toTherapists,
                toIntake: submit.data.toIntake,
              })}
            </Text>
            <Anchor component={Link} to={staffPage} size="sm">
              {t('staff.remove.back')}
            </Anchor>
          </Stack>
        </Alert>
      ) : patients.isPending ? (
        <LoadingLine label={t('staff.remove.loading')} />
      ) : patients.error || !patients.data ? (
        <ProblemAlert problem={toProblem(patients.error)} onRetry={() => void patients.refetch()} />
      ) : (
        <>
          <Text>{t('staff.remove.intro')}</Text>
          <PlacementForm
            patients={patients.data.items}
            therapists={patients.data.therapists}
            pending={submit.pending}
            problem={submit.problem}
            onSubmit={(placements) => void submit.submit(placements)}
            submitLabel={name ? t('staff.remove.submitNamed', { name }) : t('staff.remove.submit')}
          />
          <Group>
            <Button component={Link} to={staffPage} variant="default">
              {t('staff.remove.cancel')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
