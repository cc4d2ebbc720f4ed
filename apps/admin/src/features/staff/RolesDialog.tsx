import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OrganisationRoleHolder, StaffRole } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { STAFF_ROLES, useSetStaffRoles } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { RoleChoices } from './RoleChoices.tsx';

interface Values {
  roles: StaffRole[];
}

/** Change the roles a person holds in this organisation (a lead therapist is always a therapist too). */
export function RolesDialog({
  organisationId,
  person,
  name,
  onClose,
}: {
  organisationId: string;
  person: OrganisationRoleHolder;
  name: string;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const save = useSetStaffRoles();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { roles: person.staffRoles ?? [] },
    validate: { roles: (v) => (v.length === 0 ? t('staff.rolesDialog.none') : null) },
  });
  const submit = useSubmit(
    (values: Values) =>
      save.mutateAsync({ organisation: organisationId, user: person.userId, data: { roles: values.roles } }),
    { form, onSuccess: onClose },
  );
  const withPatients = submit.problem?.code === 'conflict' && submit.problem.details?.patients !== undefined;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.rolesDialog.title', { name })}
      closeButtonProps={{ 'aria-label': t('staff.rolesDialog.close') }}
      centered
    >
      <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values))}>
        <Stack gap="sm">
          <Text size="sm">{t('staff.rolesDialog.intro')}</Text>
          <Checkbox.Group
            label={t('staff.rolesDialog.label')}
            {...form.getInputProps('roles')}
            onChange={(value) => {
              const roles = value as StaffRole[];
              // A lead therapist is a therapist; taking the therapist role takes the lead too.
              const had = form.values.roles;
              const next =
                roles.includes('lead-therapist') && !roles.includes('therapist')
                  ? had.includes('therapist')
                    ? roles.filter((r) => r !== 'lead-therapist')
                    : [...roles, 'therapist' as const]
                  : roles;
              form.setFieldValue(
                'roles',
                STAFF_ROLES.filter((r) => next.includes(r)),
              );
            }}
          >
            <RoleChoices choice={Checkbox} />
          </Checkbox.Group>
          <ProblemAlert
            problem={submit.problem}
            message={withPatients ? t('staff.rolesDialog.hasPatients') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.rolesDialog.cancel')}
            </Button>
            <Button type="submit" loading={submit.pending}>
              <SafeText component="span" inherit>
                {t('staff.rolesDialog.save')}
              </SafeText>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
