import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { UserDataSummary } from '@tend/api/model';
import { useReauthenticate } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import { afterPasswordAgain, confirmsDeletion } from '@tend/domain/account';
import { useEraseUser } from '@tend/domain/users-data';
import { useTranslation } from '@tend/i18n';

/**
 * Erasing a user: what goes is the table above; the user's e-mail address typed in full (their ID when they
 * have none) and the password again before anything is sent. A failure keeps what was typed.
 */
export function EraseSection({ summary, onErased }: { summary: UserDataSummary; onErased: () => void }) {
  const { t } = useTranslation('admin');
  const { reauthenticate } = useReauthenticate();
  const erase = useEraseUser();
  const word = summary.email ?? summary.userId;
  const form = useForm({
    mode: 'controlled',
    initialValues: { confirm: '' },
    validate: { confirm: (v) => (confirmsDeletion(v, word) ? null : t('user-data.erase.mismatch')) },
  });
  const submit = useSubmit(
    () => afterPasswordAgain(reauthenticate, () => erase.mutateAsync({ params: { userId: summary.userId } })),
    { form, onSuccess: onErased },
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => void submit.submit(undefined))}
      aria-labelledby="erase-title"
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id="erase-title">
          {t('user-data.erase.title')}
        </Title>
        <Alert color="red" variant="light">
          <Text size="sm">{t('user-data.erase.intro')}</Text>
        </Alert>
        <TextInput
          maw={480}
          label={summary.email ? t('user-data.erase.confirm') : t('user-data.erase.confirmId')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('confirm')}
        />
        <ProblemAlert problem={submit.problem} />
        <Group>
          <Button
            type="submit"
            color="red"
            loading={submit.pending}
            leftSection={<IconTrash size={16} aria-hidden="true" />}
          >
            {t('user-data.erase.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
