import type { Organisation } from '@tend/api/model';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { CrisisLinesField, crisisLinesText } from './CrisisLinesField.tsx';
import { OwnSectionForm } from './OwnSectionForm.tsx';
import type { SettingSpec } from './SettingsForm.tsx';

/** What the organisation's patients can use in the app, and how it behaves. */
export function AppSettingsForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const fields: SettingSpec[] = [
    {
      name: 'chatEnabled',
      label: t('organisations.app.chatEnabled'),
      kind: 'switch',
      description: t('organisations.app.chatEnabledHint'),
    },
    {
      name: 'emergencyChatEnabled',
      label: t('organisations.app.emergencyChatEnabled'),
      kind: 'switch',
      description: t('organisations.app.emergencyChatEnabledHint'),
    },
    { name: 'journalEnabled', label: t('organisations.app.journalEnabled'), kind: 'switch' },
    { name: 'cbtEnabled', label: t('organisations.app.cbtEnabled'), kind: 'switch' },
    {
      name: 'screeningEnabled',
      label: t('organisations.app.screeningEnabled'),
      kind: 'switch',
      description: t('organisations.app.screeningEnabledHint'),
    },
    {
      name: 'responseHours',
      label: t('organisations.app.responseHours'),
      kind: 'number',
      min: 1,
      max: 168,
      description: t('organisations.app.responseHoursHint'),
    },
    {
      name: 'defaultLanguage',
      label: t('organisations.app.defaultLanguage'),
      kind: 'choice',
      options: LANGUAGES.map((l) => ({ value: l.code, label: tc(l.labelKey) })),
    },
    {
      name: 'idleTimeoutMinutes',
      label: t('organisations.app.idleTimeoutMinutes'),
      kind: 'number',
      min: 5,
      max: 120,
      description: t('organisations.app.idleTimeoutHint'),
    },
    {
      name: 'escalationMinutes',
      label: t('organisations.app.escalationMinutes'),
      kind: 'number',
      min: 1,
      max: 1440,
      description: t('organisations.app.escalationMinutesHint'),
    },
    {
      name: 'crisisLines',
      label: t('organisations.app.crisisLines'),
      kind: 'custom',
      wide: true,
      format: crisisLinesText,
      render: (props) => <CrisisLinesField {...props} />,
    },
  ];
  return (
    <OwnSectionForm
      organisation={organisation}
      section="appSettings"
      fields={fields}
      words={{
        title: t('organisations.app.title'),
        saveLabel: t('organisations.app.save'),
        savedText: t('organisations.app.saved'),
        loadingText: t('organisations.app.loading'),
      }}
    />
  );
}
