import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserDataSummary } from '@tend/api/model';
import { useSubmit } from '@tend/core';
import { useFindUser } from '@tend/domain/users-data';
import { useTranslation } from '@tend/i18n';
import { NotFoundOrProblem } from '../../components/NotFoundOrProblem.tsx';
import { SectionForm } from '../../components/SectionForm.tsx';
import { ActionLog } from './ActionLog.tsx';
import { CreateUserForm } from './CreateUserForm.tsx';
import { UserSummaryPanel } from './UserSummaryPanel.tsx';
import { DoneAlert } from '../../components/DoneAlert.tsx';

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
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('user-data.title')}</Title>
        <Text>{t('user-data.intro')}</Text>
      </Stack>
      <SectionForm
        titleId="find-title"
        title={t('user-data.find.title')}
        maw={640}
        onSubmit={form.onSubmit((values) => void submit.submit(values))}
        pending={submit.pending}
        submitLabel={t('user-data.find.submit')}
        icon={IconSearch}
      >
        <TextInput
          label={t('user-data.find.query')}
          description={t('user-data.find.hint')}
          withAsterisk
          autoComplete="off"
          maxLength={254}
          {...form.getInputProps('query')}
        />
        <NotFoundOrProblem problem={submit.problem} color="orange" title={t('user-data.find.notFoundTitle')}>
          {t('user-data.find.notFound')}
        </NotFoundOrProblem>
      </SectionForm>
      <DoneAlert>{erased ? t('user-data.erase.done', { who: erased }) : null}</DoneAlert>
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
