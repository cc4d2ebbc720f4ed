import { Stack } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { PageIntro } from '../../components/PageIntro.tsx';
import { GoalsForm } from './GoalsForm.tsx';
import { PreferencesForm } from './PreferencesForm.tsx';

/** /goals: the goals and the preferences, each its own versioned form (a 412 keeps the edits and shows both). */
export function GoalsPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="xl" maw={760}>
      <PageIntro title={t('goals.title')} intro={t('goals.intro')} />
      <GoalsForm />
      <PreferencesForm />
    </Stack>
  );
}
