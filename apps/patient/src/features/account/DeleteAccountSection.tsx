import { Anchor, Button, Group, List, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth, useReauthenticate } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import { afterPasswordAgain, confirmsDeletion, useDeleteAccount } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { Section } from '../../components/Section.tsx';

/**
 * Deleting the account: what happens, said plainly; the word typed to confirm; the password asked again
 * every time (afterPasswordAgain; the server wants a recent sign-in too); then signed out, to a page saying it is done.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('patient');
  const { signOut } = useAuth();
  const { reauthenticate } = useReauthenticate();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const word = t('account.delete.word');
  const confirmed = confirmsDeletion(typed, word);
  const submit = useSubmit(() => afterPasswordAgain(reauthenticate, () => deletion.mutateAsync()), {
    onSuccess: () => {
      void signOut('user').then(() => navigate(paths.accountDeleted, { replace: true }));
    },
  });
  return (
    <Section title={t('account.delete.title')}>
      <Text>{t('account.delete.intro')}</Text>
      <List spacing={4}>
        <List.Item>{t('account.delete.points.signIn')}</List.Item>
        <List.Item>{t('account.delete.points.data')}</List.Item>
        <List.Item>{t('account.delete.points.mail')}</List.Item>
        <List.Item>{t('account.delete.points.undo')}</List.Item>
      </List>
      <Anchor component={Link} to={paths.myData}>
        {t('account.delete.myData')}
      </Anchor>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (confirmed) void submit.submit();
        }}
      >
        <TextInput
          label={t('account.delete.confirm', { word })}
          description={t('account.delete.confirmHelp')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <ProblemAlert
          problem={submit.problem}
          message={
            submit.problem?.code === 'reauthentication_required' ? t('account.delete.cancelled') : undefined
          }
          onRetry={() => void submit.submit()}
        />
        <Group mt="sm">
          <Button type="submit" color="red" disabled={!confirmed} loading={submit.pending}>
            {t('account.delete.submit')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}
