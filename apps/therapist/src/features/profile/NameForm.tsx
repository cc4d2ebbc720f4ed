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
  // The two names differ only in their words, the browser's autofill hint and the contract's limit.
  const fields = [
    {
      name: 'firstName',
      label: t('profile.name.first'),
      autoComplete: 'given-name',
      max: updateTherapistNameBodyFirstNameMax,
    },
    {
      name: 'lastName',
      label: t('profile.name.last'),
      autoComplete: 'family-name',
      max: updateTherapistNameBodyLastNameMax,
    },
  ] as const;
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
          {fields.map((field) => (
            <TextInput
              key={form.key(field.name)}
              label={field.label}
              autoComplete={field.autoComplete}
              withAsterisk
              maxLength={field.max}
              {...form.getInputProps(field.name)}
            />
          ))}
        </Group>
        <SaveRow label={t('profile.name.save')} submit={submit} changed={form.isDirty()} />
      </Stack>
    </form>
  );
}
