import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { GoalsForm } from './GoalsForm.tsx';
import { PreferencesForm } from './PreferencesForm.tsx';

/** /goals: the goals and the preferences, each its own versioned form (a 412 keeps the edits and shows both). */
export function GoalsPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="xs">
        <Title order={1}>{t('goals.title')}</Title>
        <Text>{t('goals.intro')}</Text>
      </Stack>
      <GoalsForm />
      <PreferencesForm />
    </Stack>
  );
}
