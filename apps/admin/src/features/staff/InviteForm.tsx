import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { inviteStaffBody } from '@tend/api/zod';
import type { StaffInvitationRequest, StaffRole } from '@tend/api/model';
import { ProblemAlert, formRules, useSubmit } from '@tend/core';
import { STAFF_ROLES, useInviteStaff } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
}

const requestOf = (v: Values): StaffInvitationRequest => ({
  email: v.email.trim(),
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  role: v.role,
});
const contractRules = formRules(inviteStaffBody);
const EMPTY: Values = { email: '', firstName: '', lastName: '', role: 'therapist' };

/** Invite a therapist, lead therapist or administrator by e-mail: they get a link to choose a password. */
export function InviteForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const invite = useInviteStaff();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => contractRules(requestOf(values)) as Record<string, string | null>,
  });
  const submit = useSubmit(
    (values: Values) => invite.mutateAsync({ organisation: organisationId, data: requestOf(values) }),
    {
      form,
      onSuccess: () => form.setValues(EMPTY),
    },
  );
  const code = submit.problem?.code;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => void submit.submit(values))}
      aria-labelledby="invite-title"
    >
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h3" id="invite-title">
          {t('staff.invite.title')}
        </Title>
        <Text size="sm">{t('staff.invite.intro')}</Text>
        <TextInput
          type="email"
          label={t('staff.invite.email')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('staff.invite.firstName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('staff.invite.lastName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <Radio.Group label={t('staff.invite.role')} withAsterisk {...form.getInputProps('role')}>
          <Stack gap="xs" mt="xs">
            {STAFF_ROLES.map((r) => (
              <Radio
                key={r}
                value={r}
                label={t(`staff.roles.${r}`)}
                description={t(`staff.roleMeanings.${r}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <ProblemAlert
          problem={submit.problem}
          message={
            code === 'email_in_use'
              ? t('staff.invite.emailInUse')
              : code === 'conflict'
                ? t('staff.invite.alreadyInvited')
                : undefined
          }
        />
        {submit.succeeded && submit.data ? (
          <Alert color="teal" role="status">
            <SafeText component="span" inherit>
              {t('staff.invite.sent', { email: submit.data.email })}
            </SafeText>
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={submit.pending}
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
          >
            {t('staff.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
