import { Radio } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { inviteStaffBody } from '@tend/api/zod';
import type { StaffInvitationRequest, StaffRole } from '@tend/api/model';
import { ProblemAlert, formRules, useSubmit } from '@tend/core';
import { useInviteStaff } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { NameFields, PersonField } from '../../components/PersonFields.tsx';
import { SectionForm } from '../../components/SectionForm.tsx';
import { RoleChoices } from './RoleChoices.tsx';

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
    <SectionForm
      titleId="invite-title"
      title={t('staff.invite.title')}
      intro={t('staff.invite.intro')}
      maw={720}
      onSubmit={form.onSubmit((values) => void submit.submit(values))}
      pending={submit.pending}
      submitLabel={t('staff.invite.submit')}
      icon={IconMailForward}
      done={
        submit.succeeded && submit.data ? (
          <SafeText component="span" inherit>
            {t('staff.invite.sent', { email: submit.data.email })}
          </SafeText>
        ) : null
      }
    >
      <PersonField form={form} name="email" type="email" label={t('staff.invite.email')} required />
      <NameFields
        form={form}
        firstLabel={t('staff.invite.firstName')}
        lastLabel={t('staff.invite.lastName')}
      />
      <Radio.Group label={t('staff.invite.role')} withAsterisk {...form.getInputProps('role')}>
        <RoleChoices choice={Radio} />
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
    </SectionForm>
  );
}
