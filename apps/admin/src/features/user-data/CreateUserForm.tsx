import { Checkbox, Group, PasswordInput, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { createUserDataBody } from '@tend/api/zod';
import type { CreateUserRequest, Scope } from '@tend/api/model';
import { useReauthenticate } from '@tend/auth';
import { ProblemAlert, useSubmit, formRules } from '@tend/core';
import { afterPasswordAgain } from '@tend/domain/account';
import { useCreateUser } from '@tend/domain/users-data';
import { useTranslation } from '@tend/i18n';
import { NameFields, PersonField } from '../../components/PersonFields.tsx';
import { SectionForm } from '../../components/SectionForm.tsx';

const SCOPES: Scope[] = ['patient', 'therapist', 'lead-therapist', 'org-admin', 'data-export'];

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  organisationId: string;
  scopes: Scope[];
}

/** What is sent: blank optional fields left out. */
function requestOf(v: Values): CreateUserRequest {
  return {
    email: v.email.trim(),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    scopes: v.scopes,
    ...(v.password ? { password: v.password } : {}),
    ...(v.organisationId.trim() ? { organisationId: v.organisationId.trim() } : {}),
  };
}

const contractRules = formRules(createUserDataBody);

/** A new user (createUserData) after the password again; the form keeps everything typed on a failure. */
export function CreateUserForm() {
  const { t } = useTranslation('admin');
  const { reauthenticate } = useReauthenticate();
  const create = useCreateUser();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      organisationId: '',
      scopes: ['patient'],
    },
    validate: (values) => contractRules(requestOf(values)) as Record<string, string | null>,
  });
  const submit = useSubmit(
    (values: Values) =>
      afterPasswordAgain(reauthenticate, () => create.mutateAsync({ data: requestOf(values) })),
    { form },
  );
  const inUse = submit.problem?.code === 'email_in_use';
  return (
    <SectionForm
      titleId="create-title"
      title={t('user-data.create.title')}
      intro={t('user-data.create.intro')}
      maw={720}
      onSubmit={form.onSubmit((values) => void submit.submit(values))}
      pending={submit.pending}
      submitLabel={t('user-data.create.submit')}
      icon={IconUserPlus}
      done={
        submit.succeeded && submit.data
          ? t('user-data.create.done', { email: submit.data.email, userId: submit.data.userId })
          : null
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PersonField form={form} name="email" type="email" label={t('user-data.create.email')} required />
        <PersonField
          form={form}
          name="organisationId"
          label={t('user-data.create.organisation')}
          description={t('user-data.create.organisationHint')}
        />
      </SimpleGrid>
      <NameFields
        form={form}
        firstLabel={t('user-data.create.firstName')}
        lastLabel={t('user-data.create.lastName')}
      />
      <PasswordInput
        maw={360}
        label={t('user-data.create.password')}
        description={t('user-data.create.passwordHint')}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <Checkbox.Group label={t('user-data.create.scopes')} withAsterisk {...form.getInputProps('scopes')}>
        <Group mt="xs">
          {SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={t(`user-data.create.scopeNames.${s}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <ProblemAlert problem={submit.problem} message={inUse ? t('user-data.create.emailInUse') : undefined} />
    </SectionForm>
  );
}
