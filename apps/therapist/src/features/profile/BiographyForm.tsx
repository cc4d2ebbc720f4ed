import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TherapistDetails } from '@tend/api/model';
import { updateBiographyBodyBiographyMax } from '@tend/api/zod';
import { useSubmit } from '@tend/core';
import { useUpdateMyBiography } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { SaveRow } from './SaveRow.tsx';

/** The biography patients read: plain text with line breaks (never HTML), its length shown as it is typed. */
export function BiographyForm({ details }: { details: TherapistDetails }) {
  const { t } = useTranslation('therapist');
  const update = useUpdateMyBiography();
  const form = useForm({ mode: 'controlled', initialValues: { biography: details.biography ?? '' } });
  const submit = useSubmit((biography: string) => update.mutateAsync({ data: { biography } }), {
    form,
    onSuccess: (saved) => form.resetDirty({ biography: saved.biography ?? '' }),
  });
  const length = form.values.biography.length;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values.biography.trim()))}>
      <Stack gap="sm">
        <Textarea
          label={t('profile.biography.label')}
          description={t('profile.biography.hint')}
          autosize
          minRows={5}
          maxRows={16}
          maxLength={updateBiographyBodyBiographyMax}
          key={form.key('biography')}
          {...form.getInputProps('biography')}
          aria-describedby="biography-length"
        />
        <Text
          size="xs"
          c={length > updateBiographyBodyBiographyMax * 0.9 ? 'red.9' : 'dimmed'}
          id="biography-length"
          aria-live="polite"
        >
          {t('profile.biography.length', { count: length, max: updateBiographyBodyBiographyMax })}
        </Text>
        {form.values.biography.trim() ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('profile.biography.preview')}
            </Text>
            <SafeText
              size="sm"
              p="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
            >
              {form.values.biography}
            </SafeText>
          </Stack>
        ) : null}
        <SaveRow label={t('profile.biography.save')} submit={submit} changed={form.isDirty()} />
      </Stack>
    </form>
  );
}
