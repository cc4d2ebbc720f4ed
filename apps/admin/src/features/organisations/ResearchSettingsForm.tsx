import type { Organisation } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { OwnSectionForm } from './OwnSectionForm.tsx';
import type { SettingSpec } from './SettingsForm.tsx';

/** Whether the organisation takes part in research, on what terms, and how long research data is kept. */
export function ResearchSettingsForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const fields: SettingSpec[] = [
    {
      name: 'researchEnabled',
      label: t('organisations.research.researchEnabled'),
      kind: 'switch',
      description: t('organisations.research.researchEnabledHint'),
    },
    {
      name: 'consentRequired',
      label: t('organisations.research.consentRequired'),
      kind: 'switch',
      description: t('organisations.research.consentRequiredHint'),
    },
    { name: 'studyId', label: t('organisations.research.studyId'), kind: 'text' },
    { name: 'anonymiseExports', label: t('organisations.research.anonymiseExports'), kind: 'switch' },
    {
      name: 'dataRetentionDays',
      label: t('organisations.research.dataRetentionDays'),
      kind: 'number',
      min: 30,
      max: 3650,
      description: t('organisations.research.dataRetentionHint'),
    },
  ];
  return (
    <OwnSectionForm
      organisation={organisation}
      section="researchSettings"
      fields={fields}
      words={{
        title: t('organisations.research.title'),
        saveLabel: t('organisations.research.save'),
        savedText: t('organisations.research.saved'),
        loadingText: t('organisations.research.loading'),
      }}
    />
  );
}
