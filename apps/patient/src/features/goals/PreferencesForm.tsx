import { Checkbox, Group, Radio, Stack, Switch, TextInput } from '@mantine/core';
import {
  FOCUS_AREAS,
  PREFERENCES_DOCUMENT,
  preferencesChanges,
  preferencesValues,
  SUPPORT_STYLES,
  type PreferencesValues,
} from '@tend/domain/patient-metadata';
import { useTranslation } from '@tend/i18n';
import { MetadataDocumentForm } from './MetadataDocumentForm.tsx';

/** Pronouns, focus areas, support style and reminders (metadata document `preferences`). */
export function PreferencesForm() {
  const { t } = useTranslation('patient');
  const focusLabel = (a: string) => t(`goals.preferences.focus.${a as (typeof FOCUS_AREAS)[number]}`);
  const styleLabel = (s: string) =>
    t(`goals.preferences.style.${(s || 'none') as (typeof SUPPORT_STYLES)[number] | 'none'}`);
  const labels = {
    pronouns: t('goals.preferences.pronouns'),
    focusAreas: t('goals.preferences.focusAreas'),
    supportStyle: t('goals.preferences.supportStyle'),
    remindersOn: t('goals.preferences.remindersOn'),
  };
  const format = (path: string, value: unknown) =>
    path === 'focusAreas' && Array.isArray(value)
      ? value.map((a) => focusLabel(String(a))).join(', ')
      : path === 'supportStyle'
        ? styleLabel(String(value ?? ''))
        : typeof value === 'boolean'
          ? String(value ? '✓' : '✗')
          : String(value ?? '');
  return (
    <MetadataDocumentForm<PreferencesValues>
      documentId={PREFERENCES_DOCUMENT}
      title={t('goals.preferences.title')}
      initialValues={preferencesValues(undefined)}
      toValues={preferencesValues}
      toChanges={preferencesChanges}
      labels={labels}
      format={format}
      savedText={t('goals.preferences.saved')}
      saveLabel={t('goals.preferences.save')}
    >
      {(form) => (
        <>
          <TextInput label={labels.pronouns} maxLength={40} {...form.getInputProps('pronouns')} />
          <Checkbox.Group label={labels.focusAreas} {...form.getInputProps('focusAreas')}>
            <Group gap="md" mt="xs">
              {FOCUS_AREAS.map((a) => (
                <Checkbox key={a} value={a} label={focusLabel(a)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Radio.Group label={labels.supportStyle} {...form.getInputProps('supportStyle')}>
            <Stack gap={6} mt="xs">
              {['', ...SUPPORT_STYLES].map((s) => (
                <Radio key={s || 'none'} value={s} label={styleLabel(s)} />
              ))}
            </Stack>
          </Radio.Group>
          <Switch label={labels.remindersOn} {...form.getInputProps('remindersOn', { type: 'checkbox' })} />
        </>
      )}
    </MetadataDocumentForm>
  );
}
