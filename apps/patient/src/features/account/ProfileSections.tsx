import { Alert, Group, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccountSummary } from '@tend/api/model';
import { updateScreenNameQueryParams, updateUserNameQueryParams } from '@tend/api/zod';
import type { FormEvent, ReactNode } from 'react';
import { ProblemAlert, useSubmit, formRules, type Submit } from '@tend/core';
import { useSaveLanguage, useSaveName, useSaveScreenName } from '@tend/domain/account';
import { changeLanguage, LANGUAGES, normaliseLanguage, useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

const validateName = formRules(updateUserNameQueryParams);
const validateScreenName = formRules(updateScreenNameQueryParams);

/** A value the person must fill in: the words for an empty field in place of the schema's. */
function required<T extends Record<string, string>>(
  errors: Record<string, unknown>,
  values: T,
  message: string,
) {
  const out = { ...errors };
  for (const [key, value] of Object.entries(values)) if (!value.trim()) out[key] = message;
  return out as Record<string, string>;
}

interface SectionFormProps {
  title: string;
  /** The form's submit handler (called again, without an event, by Try again). */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submit: Pick<Submit<unknown, never>, 'problem' | 'pending' | 'succeeded'>;
  /** Whether the fields differ from what was last saved (no "saved" status then). */
  changed?: boolean;
  /** The words once it is saved. */
  savedText: string;
  saveLabel: string;
  children: ReactNode;
}

/**
 * One setting of the account, saved on its own: its fields, then what went wrong (with Try again), a "saved"
 * status once it is, and the save button. The sections of this page all end their form this way.
 */
function SectionForm({
  title,
  onSubmit,
  submit,
  changed = false,
  savedText,
  saveLabel,
  children,
}: SectionFormProps) {
  return (
    <Section title={title}>
      <form onSubmit={onSubmit} noValidate>
        {children}
        <ProblemAlert problem={submit.problem} onRetry={() => void onSubmit()} />
        {submit.succeeded && !changed ? (
          <Alert color="teal" role="status" variant="light">
            {savedText}
          </Alert>
        ) : null}
        <SubmitButtons label={saveLabel} pending={submit.pending} mt="sm" />
      </form>
    </Section>
  );
}

/** First and last name (updateUserName). */
export function NameSection({ summary }: { summary: AccountSummary }) {
  const { t } = useTranslation('patient');
  const save = useSaveName();
  const form = useForm({
    initialValues: { firstName: summary.firstName, lastName: summary.lastName },
    validate: (v) => required(validateName(v), v, t('account.profile.required')),
  });
  const submit = useSubmit(save.mutateAsync, {
    form,
    onSuccess: (s) => form.resetDirty({ firstName: s.firstName, lastName: s.lastName }),
  });
  const onSubmit = form.onSubmit(
    (v) => void submit.submit({ params: { firstName: v.firstName.trim(), lastName: v.lastName.trim() } }),
  );
  return (
    <SectionForm
      title={t('account.profile.title')}
      onSubmit={onSubmit}
      submit={submit}
      changed={form.isDirty()}
      savedText={t('account.profile.saved')}
      saveLabel={t('account.profile.save')}
    >
      <Group align="flex-start" grow>
        <TextInput
          label={t('account.profile.firstName')}
          autoComplete="given-name"
          withAsterisk
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('account.profile.lastName')}
          autoComplete="family-name"
          withAsterisk
          {...form.getInputProps('lastName')}
        />
      </Group>
    </SectionForm>
  );
}

/** The name others see in chats (updateScreenName). */
export function ScreenNameSection({ summary }: { summary: AccountSummary }) {
  const { t } = useTranslation('patient');
  const save = useSaveScreenName();
  const form = useForm({
    initialValues: { screenName: summary.screenName ?? '' },
    validate: (v) => required(validateScreenName(v), v, t('account.profile.required')),
  });
  const submit = useSubmit(save.mutateAsync, {
    form,
    onSuccess: (s) => form.resetDirty({ screenName: s.screenName ?? '' }),
  });
  const onSubmit = form.onSubmit((v) => void submit.submit({ params: { screenName: v.screenName.trim() } }));
  return (
    <SectionForm
      title={t('account.profile.screenName')}
      onSubmit={onSubmit}
      submit={submit}
      changed={form.isDirty()}
      savedText={t('account.profile.screenNameSaved')}
      saveLabel={t('account.profile.saveScreenName')}
    >
      <TextInput
        label={t('account.profile.screenName')}
        description={t('account.profile.screenNameHelp')}
        autoComplete="nickname"
        withAsterisk
        {...form.getInputProps('screenName')}
      />
    </SectionForm>
  );
}

/** The language of the pages and e-mails (updateLanguage), switched in this page at once when saved. */
export function LanguageSection({ summary }: { summary: AccountSummary }) {
  const { t, i18n } = useTranslation('patient');
  const { t: tc } = useTranslation();
  const save = useSaveLanguage();
  // The account may hold a regional tag (en-GB): the choice is its language.
  const saved = normaliseLanguage(summary.language)?.split('-')[0];
  const known = LANGUAGES.find((l) => l.code === saved)?.code ?? i18n.resolvedLanguage ?? 'en';
  const form = useForm({ initialValues: { language: known } });
  const submit = useSubmit(
    async (language: string) => {
      const saved = await save.mutateAsync({ params: { language } });
      await changeLanguage(saved.language);
      return saved;
    },
    { form },
  );
  const onSubmit = form.onSubmit((v) => void submit.submit(v.language));
  return (
    <SectionForm
      title={t('account.language.title')}
      onSubmit={onSubmit}
      submit={submit}
      savedText={t('account.language.saved')}
      saveLabel={t('account.language.save')}
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('account.language.help')}
      </Text>
      <Select
        label={t('account.language.label')}
        data={LANGUAGES.map((l) => ({ value: l.code, label: tc(l.labelKey) }))}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
    </SectionForm>
  );
}
