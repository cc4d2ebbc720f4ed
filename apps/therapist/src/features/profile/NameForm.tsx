import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TherapistDetails } from '@tend/api/model';
import { updateTherapistNameBodyFirstNameMax, updateTherapistNameBodyLastNameMax } from '@tend/api/zod';
import { useSubmit } from '@tend/core';
import { useUpdateMyName } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { SaveRow } from './SaveRow.tsx';

/** The name patients see. */
export function NameForm({ details }: { details: TherapistDetails }) {
  const { t } = useTranslation('therapist');
  const v = useValidators();
  const update = useUpdateMyName();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: details.firstName, lastName: details.lastName },
    validate: { firstName: v.required(), lastName: v.required() },
  });
  const submit = useSubmit(
    (values: { firstName: string; lastName: string }) => update.mutateAsync({ data: values }),
    {
      form,
      onSuccess: (saved) => form.resetDirty({ firstName: saved.firstName, lastName: saved.lastName }),
    },
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          void submit.submit({ firstName: values.firstName.trim(), lastName: values.lastName.trim() }),
      )}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={t('profile.name.first')}
            autoComplete="given-name"
            withAsterisk
            maxLength={updateTherapistNameBodyFirstNameMax}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('profile.name.last')}
            autoComplete="family-name"
            withAsterisk
            maxLength={updateTherapistNameBodyLastNameMax}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </Group>
        <SaveRow label={t('profile.name.save')} submit={submit} saved={submit.succeeded && !form.isDirty()} />
      </Stack>
    </form>
  );
}
