import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserDataSummary } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useFindUser } from '@tend/domain/users-data';
import { useTranslation } from '@tend/i18n';
import { ActionLog } from './ActionLog.tsx';
import { CreateUserForm } from './CreateUserForm.tsx';
import { UserSummaryPanel } from './UserSummaryPanel.tsx';

/**
 * The data-export tooling: find a user (what is kept about them), then export, copy or erase; create a
 * user; and the log of every action. Each action asks for the password again.
 */
export function UserDataPage() {
  const { t } = useTranslation('admin');
  const find = useFindUser();
  const [found, setFound] = useState<UserDataSummary | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { query: '' },
    validate: { query: (v) => (v.trim() ? null : t('user-data.find.required')) },
  });
  const submit = useSubmit(
    (values: { query: string }) => find.mutateAsync({ data: { query: values.query.trim() } }),
    {
      form,
      onSuccess: (summary) => {
        setFound(summary);
        setErased(null);
      },
    },
  );
  const notFound = submit.problem?.kind === 'notFound';
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('user-data.title')}</Title>
        <Text>{t('user-data.intro')}</Text>
      </Stack>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => void submit.submit(values))}
        aria-labelledby="find-title"
      >
        <Stack gap="sm" maw={640}>
          <Title order={2} size="h3" id="find-title">
            {t('user-data.find.title')}
          </Title>
          <TextInput
            label={t('user-data.find.query')}
            description={t('user-data.find.hint')}
            withAsterisk
            autoComplete="off"
            maxLength={254}
            {...form.getInputProps('query')}
          />
          {notFound ? (
            <Alert color="orange" role="alert" title={t('user-data.find.notFoundTitle')}>
              {t('user-data.find.notFound')}
            </Alert>
          ) : (
            <ProblemAlert problem={submit.problem} />
          )}
          <Group>
            <Button
              type="submit"
              loading={submit.pending}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
            >
              {t('user-data.find.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {erased ? (
        <Alert color="teal" role="status">
          {t('user-data.erase.done', { who: erased })}
        </Alert>
      ) : null}
      {found ? (
        <UserSummaryPanel
          key={found.userId}
          summary={found}
          onErased={() => {
            setErased(found.email ?? found.userId);
            setFound(null);
          }}
        />
      ) : null}
      <CreateUserForm />
      <ActionLog />
    </Stack>
  );
}
